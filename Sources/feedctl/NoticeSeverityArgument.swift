import AccountModel
import AccountStore
import ArgumentKit

/// `--severity info|warning|critical`.
enum NoticeSeverityArgument: String, CaseIterable, ExpressibleByArgument {
  case info, warning, critical

  var severity: NoticeSeverity {
    switch self {
    case .info: .info
    case .warning: .warning
    case .critical: .critical
    }
  }
}
