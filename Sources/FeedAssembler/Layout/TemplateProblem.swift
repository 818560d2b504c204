/// Why a template was refused, as a phrase that follows the field's path in a layout error.
public struct TemplateProblem: Error, Hashable, Sendable, CustomStringConvertible {
  public let description: String

  public init(_ description: String) {
    self.description = description
  }
}
