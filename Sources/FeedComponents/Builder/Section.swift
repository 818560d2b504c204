/// A section of a feed before rendering: a stable id, an optional header and footer, components.
public struct Section {
  public let id: String
  public let header: AnyComponent?
  public let footer: AnyComponent?
  public let components: [AnyComponent]

  public init(
    id: String,
    header: AnyComponent? = nil,
    footer: AnyComponent? = nil,
    @SectionModelsBuilder content: () -> [AnyComponent]
  ) {
    self.id = id
    self.header = header
    self.footer = footer
    self.components = content()
  }

  /// The seed's spelling, `LazySection(identifier:) { … }`.
  public init(identifier: String, @SectionModelsBuilder content: () -> [AnyComponent]) {
    self.init(id: identifier, content: content)
  }

  /// Renders the section at `index`. The header renders with item index 0 and the footer with the
  /// number of items, the positions they take next to the items.
  public func render(at index: Int, environment: RenderEnvironment) -> SectionNode {
    func context(_ item: Int) -> RenderContext {
      RenderContext(
        sectionID: id, indexPath: IndexPath(section: index, item: item), environment: environment)
    }
    return SectionNode(
      id: id,
      header: header?.render(context: context(0)),
      footer: footer?.render(context: context(components.count)),
      items: components.enumerated().map { item, component in
        component.render(context: context(item))
      }
    )
  }
}

/// The seed's name for a section.
public typealias LazySection = Section
