/// How urgent a notice is: kept with the notice, drawn by the notice component, and sent to the
/// phone, which picks colour and icon from it.
public enum NoticeSeverity: String, CaseIterable, Hashable, Sendable {
  case info
  case warning
  case critical
}
