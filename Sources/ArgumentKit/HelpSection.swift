/// A free-form block appended to a command's help, such as the exit codes of a tool.
public struct HelpSection: Sendable, Equatable {
  /// Printed as given, e.g. `EXIT CODES`.
  public let title: String
  /// Printed under the title, each line indented by two spaces.
  public let body: String

  public init(title: String, body: String) {
    self.title = title
    self.body = body
  }
}
