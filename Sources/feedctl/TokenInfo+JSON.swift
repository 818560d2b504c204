import AccountModel
import FeedComponents

/// The JSON shape `token list|revoke --format json` print; `token create` adds `secret`.
extension TokenInfo {
  var json: JSONValue {
    [
      "id": .integer(Int(id)), "owner": .string(ownerID),
      "label": label.map { .string($0) } ?? .null,
      "created_at": .string(ISO8601Time.string(from: createdAt)),
      "revoked_at": revokedAt.map { .string(ISO8601Time.string(from: $0)) } ?? .null,
    ]
  }

  /// One line for people: id, owner, label (or `-`), and whether it still works.
  var line: String {
    let state = revokedAt.map { "revoked \(ISO8601Time.string(from: $0))" } ?? "active"
    return
      "\(id)\t\(ownerID)\t\(label ?? "-")\tcreated \(ISO8601Time.string(from: createdAt))\t\(state)"
  }
}
