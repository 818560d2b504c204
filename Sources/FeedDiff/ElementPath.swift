/// Where an element sits: the index of its section and its index inside that section.
///
/// This is the shape of a collection view's index path, so a client can use it as is.
public struct ElementPath: Hashable, Sendable, CustomStringConvertible {
  public var section: Int
  public var element: Int

  public init(section: Int, element: Int) {
    self.section = section
    self.element = element
  }

  public var description: String { "[\(section), \(element)]" }
}
