/// Components for each element of a sequence, in order: `For(of: accounts) { AccountRow($0) }`.
///
/// The closure is a builder block, so it may produce several components per element, use `if`,
/// or nest another `For`.
public struct For<Data: Sequence>: ComponentListConvertible {
  public let components: [AnyComponent]

  public init(of data: Data, @SectionModelsBuilder content: (Data.Element) -> [AnyComponent]) {
    components = data.flatMap(content)
  }
}
