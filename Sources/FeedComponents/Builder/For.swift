/// Components for each element of a sequence, in order: `For(of: accounts) { AccountRow($0) }`.
///
/// The closure is a builder block, so it may produce several components per element, use `if`,
/// or nest another `For`.
public struct For<Data: Sequence>: ComponentListConvertible {
  public let components: [AnyComponent]

  /// Inlinable, so the loop is compiled for the caller's sequence and closure rather than run
  /// through the generic `Sequence` witnesses once per element of every feed.
  @inlinable
  public init(of data: Data, @SectionModelsBuilder content: (Data.Element) -> ComponentGroup) {
    var components: [AnyComponent] = []
    components.reserveCapacity(data.underestimatedCount)
    for element in data { content(element).append(to: &components) }
    self.components = components
  }
}
