import AccountModel
import FeedComponents
import Foundation

extension FeedAssembler {
  /// SHA-256 over a description of the layout, environment and formatter that is the same in
  /// every process (dictionaries and sets sorted), and over the digest of a fixed probe feed
  /// drawn with them, so a change to how this program's components draw — not only to the
  /// layout file — also gives another fingerprint.
  static func fingerprint(
    layout: FeedLayout, environment: RenderEnvironment, formatter: MoneyFormatter
  ) -> String {
    let assembler = FeedAssembler(
      layout: layout, environment: environment, formatter: formatter, fingerprint: "")
    let probe = (try? assembler.assemble(probeRows).digest) ?? "unrenderable"
    let description =
      stableDescription(of: layout) + "\n" + stableDescription(of: environment) + "\n"
      + stableDescription(of: formatter) + "\n" + probe
    return SHA256.hexDigest(of: Array(description.utf8))
  }

  /// Rows that reach every component: accounts of two kinds and currencies, a hidden one, and
  /// notices in and out of their windows, dismissible and dismissed.
  private static var probeRows: FeedRows {
    let at = Date(timeIntervalSince1970: 1_800_000_000)
    let owner = Owner(id: "probe", displayName: "Probe", lastSnapshotSequence: 0, createdAt: at)
    func account(_ id: Int64, _ kind: String, _ minor: Int64, _ currency: Currency, hidden: Bool)
      -> Account
    {
      Account(
        id: id, ownerID: "probe", name: "계좌 \(id)", kind: kind,
        balance: Money(minorUnits: minor, currency: currency), position: Int32(id),
        hidden: hidden, version: 1, createdAt: at, updatedAt: at)
    }
    func notice(_ id: Int64, dismissible: Bool, dismissed: Bool, from: TimeInterval?) -> Notice {
      Notice(
        id: id, ownerID: "probe", message: "알림 \(id)", severity: .info,
        dismissible: dismissible, activeFrom: from.map { at.addingTimeInterval($0) },
        activeUntil: nil, position: Int32(id), dismissedAt: dismissed ? at : nil, version: 1,
        createdAt: at, updatedAt: at)
    }
    return FeedRows(
      owner: owner,
      accounts: [
        account(1, "checking", 1_234_500, .krw, hidden: false),
        account(2, "savings", -4_200, .usd, hidden: false),
        account(3, "checking", 99, .krw, hidden: true),
      ],
      notices: [
        notice(1, dismissible: true, dismissed: false, from: nil),
        notice(2, dismissible: false, dismissed: false, from: 60),
        notice(3, dismissible: true, dismissed: true, from: nil),
      ],
      readAt: at)
  }

  /// Like `String(reflecting:)`, but with the entries of dictionaries and sets sorted, so the
  /// description does not depend on the process's hash seed.
  private static func stableDescription(of value: Any) -> String {
    let mirror = Mirror(reflecting: value)
    let children = mirror.children.map { child in
      (child.label.map { $0 + ": " } ?? "") + stableDescription(of: child.value)
    }
    switch mirror.displayStyle {
    case .dictionary?, .set?:
      return "[" + children.sorted().joined(separator: ", ") + "]"
    case .optional?:
      return children.first ?? "nil"
    case nil:
      return String(reflecting: value)
    case _ where children.isEmpty:
      return String(reflecting: value)
    default:
      return "\(mirror.subjectType)(" + children.joined(separator: ", ") + ")"
    }
  }
}
