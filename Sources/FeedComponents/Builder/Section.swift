/// A section of a feed before rendering: a stable id, an optional header and footer, components.
public struct Section {
  public let id: String
  public let header: AnyComponent?
  public let footer: AnyComponent?
  public private(set) var components: [AnyComponent]

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
  /// number of items, the positions they take next to the items. For a client with capabilities,
  /// each component is first resolved to what that client draws (its fallback, or nothing), so
  /// indices count only the items the client receives.
  ///
  /// It consumes the section, and lets each component go once it has drawn its node (see
  /// `Feed.render(environment:)`).
  public consuming func render(at index: Int, environment: RenderEnvironment) -> SectionNode {
    func context(_ item: Int) -> RenderContext {
      RenderContext(
        sectionID: id, indexPath: IndexPath(section: index, item: item), environment: environment)
    }
    let capabilities = environment.capabilities
    var shown: [AnyComponent] = []
    swap(&shown, &components)
    if capabilities != nil { shown = shown.compactMap { $0.resolved(for: capabilities) } }
    let count = shown.count
    // Drawn from the last, each item into its place: taking components from the end lets each
    // go as it is drawn without reversing the list first, which copied every one of them.
    let items = [ItemNode](unsafeUninitializedCapacity: count) { buffer, initialized in
      while let component = shown.popLast() {
        let index = shown.count
        (buffer.baseAddress! + index).initialize(to: component.render(context: context(index)))
      }
      initialized = count
    }
    return SectionNode(
      id: id,
      header: header?.resolved(for: capabilities)?.render(context: context(0)),
      footer: footer?.resolved(for: capabilities)?.render(context: context(count)),
      items: items
    )
  }
}

extension Section {
  /// Whether a client with `capabilities` receives anything of this section. A section that had
  /// parts and lost them all to the client's capabilities is left out, as the assembler leaves
  /// out a section with nothing to show; one built empty stays.
  func hasContent(for capabilities: ClientCapabilities?) -> Bool {
    let ends = [header, footer].compactMap { $0 }
    if ends.isEmpty && components.isEmpty { return true }
    return ends.contains { $0.resolved(for: capabilities) != nil }
      || components.contains { $0.resolved(for: capabilities) != nil }
  }
}

/// The seed's name for a section.
public typealias LazySection = Section
