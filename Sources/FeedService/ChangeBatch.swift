import AccountModel
import FeedComponents
import FeedVocabulary
import Foundation

/// A JSON batch of changes for `feedctl apply`, checked completely before anything is written.
///
/// The document is `{"changes": [ … ]}` or the bare array; each change is an object with an
/// `op` and that operation's fields (the README lists them). Every problem is reported as one
/// line naming the change (1-based) and the field.
public struct ChangeBatch: Sendable {
  public struct Entry: Sendable {
    public let number: Int
    public let op: String
    public let change: StoreChange
  }

  public let entries: [Entry]

  /// Fields each operation accepts; `op` is always allowed.
  public static let fields: [String: [String]] = [
    "owner.add": ["id", "name"],
    "owner.rename": ["id", "name"],
    "owner.remove": ["id"],
    "account.add": ["owner", "name", "balance", "currency", "kind", "position", "hidden"],
    "account.update": [
      "id", "name", "balance", "currency", "kind", "position", "hidden", "expect_version",
    ],
    "account.adjust": ["id", "delta", "expect_version"],
    "account.remove": ["id", "expect_version"],
    "notice.add": [
      "owner", "message", "severity", "dismissible", "position", "active_from", "active_until",
    ],
    "notice.update": [
      "id", "message", "severity", "dismissible", "position", "active_from", "active_until",
      "expect_version",
    ],
    "notice.dismiss": ["id"],
    "notice.remove": ["id", "expect_version"],
  ]

  /// Reads and checks a batch; `source` names it in messages ("standard input", "'batch.json'"),
  /// and `defaultOwner` fills the `owner` of adds that leave it out.
  public init(data: Data, source: String, defaultOwner: String?) throws(FeedServiceError) {
    let json: JSONValue
    do {
      json = try JSONParser.parse(Array(data))
    } catch {
      throw FeedServiceError.invalidInput(
        "\(source) is not valid JSON at byte \(error.offset): \(error.reason)")
    }
    let list: [JSONValue]
    if let array = json.arrayValue {
      list = array
    } else if let array = json["changes"]?.arrayValue, json.objectValue?.count == 1 {
      list = array
    } else {
      throw FeedServiceError.invalidInput(
        "\(source) must be {\"changes\": [ … ]} or an array of changes, each an object with an \"op\""
      )
    }
    guard !list.isEmpty else { throw FeedServiceError.invalidInput("\(source) has no changes") }
    var entries: [Entry] = []
    for (index, value) in list.enumerated() {
      var reader = FieldReader(number: index + 1, value: value)
      let op = try reader.operation()
      entries.append(
        Entry(
          number: index + 1, op: op,
          change: try Self.change(op, &reader, defaultOwner: defaultOwner)))
    }
    self.entries = entries
  }

  private static func change(_ op: String, _ reader: inout FieldReader, defaultOwner: String?)
    throws(FeedServiceError) -> StoreChange
  {
    try reader.rejectUnknown(allowed: fields[op] ?? [])
    switch op {
    case "owner.add":
      let id = try reader.string("id")
      return .addOwner(id: id, displayName: try reader.optionalString("name") ?? id)
    case "owner.rename":
      return .renameOwner(id: try reader.string("id"), displayName: try reader.string("name"))
    case "owner.remove":
      return .removeOwner(id: try reader.string("id"))
    case "account.add":
      return .addAccount(
        ownerID: try reader.owner(defaultOwner),
        NewAccount(
          name: try reader.string("name"), kind: try reader.optionalString("kind") ?? "checking",
          balance: Money(
            minorUnits: try reader.integer("balance"),
            currency: try reader.currency() ?? .krw),
          position: try reader.position(), hidden: try reader.optionalBool("hidden") ?? false))
    case "account.update":
      let update = AccountUpdate(
        name: try reader.optionalString("name"), kind: try reader.optionalString("kind"),
        balance: try reader.optionalInteger("balance"), currency: try reader.currency(),
        position: try reader.position(), hidden: try reader.optionalBool("hidden"),
        expectedVersion: try reader.optionalInteger("expect_version"))
      try reader.requireChange(update)
      return .updateAccount(id: try reader.id(), update)
    case "account.adjust":
      return .adjustBalance(
        id: try reader.id(), delta: try reader.integer("delta"),
        expectedVersion: try reader.optionalInteger("expect_version"))
    case "account.remove":
      return .removeAccount(
        id: try reader.id(), expectedVersion: try reader.optionalInteger("expect_version"))
    case "notice.add":
      return .addNotice(
        ownerID: try reader.owner(defaultOwner),
        NewNotice(
          message: try reader.string("message"), severity: try reader.severity() ?? .info,
          dismissible: try reader.optionalBool("dismissible") ?? true,
          activeFrom: try reader.windowEdge("active_from") ?? nil,
          activeUntil: try reader.windowEdge("active_until") ?? nil,
          position: try reader.position()))
    case "notice.update":
      let update = NoticeUpdate(
        message: try reader.optionalString("message"), severity: try reader.severity(),
        dismissible: try reader.optionalBool("dismissible"),
        activeFrom: try reader.windowEdge("active_from"),
        activeUntil: try reader.windowEdge("active_until"),
        position: try reader.position(),
        expectedVersion: try reader.optionalInteger("expect_version"))
      try reader.requireChange(update)
      return .updateNotice(id: try reader.id(), update)
    case "notice.dismiss":
      return .dismissNotice(id: try reader.id())
    case "notice.remove":
      return .removeNotice(
        id: try reader.id(), expectedVersion: try reader.optionalInteger("expect_version"))
    default:
      preconditionFailure("op \(op) is in fields but not handled")
    }
  }
}

/// Reads the fields of one change, turning every wrong shape into a message that names the
/// change and the field.
private struct FieldReader {
  let number: Int
  let members: [String: JSONValue]
  var op = ""

  init(number: Int, value: JSONValue) {
    self.number = number
    self.members = value.objectValue ?? [:]
    self.isObject = value.objectValue != nil
  }

  private let isObject: Bool

  func problem(_ text: String) -> FeedServiceError {
    FeedServiceError.invalidInput("change \(number)\(op.isEmpty ? "" : " (\(op))"): \(text)")
  }

  /// Refuses an update that names no field (`FieldUpdate.requireChange`), with the hint a
  /// batch's author needs.
  func requireChange(_ update: some FieldUpdate) throws(FeedServiceError) {
    do throws(FieldError) {
      try update.requireChange()
    } catch {
      throw problem("\(error.reason); give at least one field besides \"id\"")
    }
  }

  func fieldProblem(_ field: String, _ text: String) -> FeedServiceError {
    problem("field \"\(field)\" \(text)")
  }

  mutating func operation() throws(FeedServiceError) -> String {
    guard isObject else { throw problem("must be an object with an \"op\"") }
    guard let op = members["op"]?.stringValue else {
      throw problem(
        "needs an \"op\": one of \(ChangeBatch.fields.keys.sorted().joined(separator: ", "))")
    }
    guard ChangeBatch.fields[op] != nil else {
      throw problem(
        "unknown op \"\(op)\"; expected one of \(ChangeBatch.fields.keys.sorted().joined(separator: ", "))"
      )
    }
    self.op = op
    return op
  }

  func rejectUnknown(allowed: [String]) throws(FeedServiceError) {
    for key in members.keys.sorted() where key != "op" && !allowed.contains(key) {
      throw problem(
        "unknown field \"\(key)\"; \(op) accepts \(allowed.map { "\"\($0)\"" }.joined(separator: ", "))"
      )
    }
  }

  func optionalString(_ field: String) throws(FeedServiceError) -> String? {
    guard let value = members[field], value != .null else { return nil }
    guard let text = value.stringValue else { throw fieldProblem(field, "must be a string") }
    return text
  }

  func string(_ field: String) throws(FeedServiceError) -> String {
    guard let text = try optionalString(field) else { throw fieldProblem(field, "is required") }
    return text
  }

  func optionalInteger(_ field: String) throws(FeedServiceError) -> Int64? {
    guard let value = members[field], value != .null else { return nil }
    guard let number = value.integerValue else {
      throw fieldProblem(field, "must be a whole number (money is in minor units)")
    }
    return Int64(number)
  }

  func integer(_ field: String) throws(FeedServiceError) -> Int64 {
    guard let number = try optionalInteger(field) else { throw fieldProblem(field, "is required") }
    return number
  }

  func optionalBool(_ field: String) throws(FeedServiceError) -> Bool? {
    guard let value = members[field], value != .null else { return nil }
    guard let flag = value.boolValue else { throw fieldProblem(field, "must be true or false") }
    return flag
  }

  func id() throws(FeedServiceError) -> Int64 {
    let id = try integer("id")
    try rule("id") { () throws(FieldError) in try FieldRules.id(id, of: "row") }
    return id
  }

  func owner(_ defaultOwner: String?) throws(FeedServiceError) -> String {
    if let owner = try optionalString("owner") { return owner }
    guard let defaultOwner, !defaultOwner.isEmpty else {
      throw fieldProblem("owner", "is required (or pass --owner / set FEEDCTL_OWNER)")
    }
    return defaultOwner
  }

  func currency() throws(FeedServiceError) -> Currency? {
    guard let code = try optionalString("currency") else { return nil }
    return try rule("currency") { () throws(FieldError) in try FieldRules.currency(code) }
  }

  func severity() throws(FeedServiceError) -> NoticeSeverity? {
    guard let text = try optionalString("severity") else { return nil }
    guard let severity = NoticeSeverity(rawValue: text) else {
      throw fieldProblem("severity", "is \"\(text)\"; expected info, warning or critical")
    }
    return severity
  }

  /// A window edge: an ISO 8601 time or date, or `"none"` to open that side, as on the command
  /// line (`null` or a missing field leaves the side as it is).
  func windowEdge(_ field: String) throws(FeedServiceError) -> Date?? {
    guard let text = try optionalString(field) else { return nil }
    if text == "none" { return .some(nil) }
    do {
      return try ISO8601Time.parse(text)
    } catch {
      throw fieldProblem(field, "is \"\(text)\": \(error.reason)")
    }
  }

  func position() throws(FeedServiceError) -> Int32? {
    guard let number = try optionalInteger("position") else { return nil }
    return try rule("position") { () throws(FieldError) in try FieldRules.position(number) }
  }

  /// Checks a field with its rule from `FieldRules`, naming the field the way the batch does.
  func rule<T>(_ field: String, _ check: () throws(FieldError) -> T) throws(FeedServiceError) -> T {
    do {
      return try check()
    } catch {
      throw problem("field \"\(field)\": \(error.reason)")
    }
  }
}
