import FeedComponents

/// What flipping a settings switch asks for: show or hide one account. On the wire it is
/// `{"kind": "custom", "name": "set_account_visibility", "payload": {"account": "account/<id>"}}`
/// under the item's `toggle` trigger; the phone sends it back with the switch's new state, and
/// `FeedService.performToggle` carries it out.
public struct VisibilityAction: Hashable, Sendable {
  /// The custom action's name.
  public static let name = "set_account_visibility"

  public let accountID: Int64

  public init(accountID: Int64) {
    self.accountID = accountID
  }

  /// Reads the action a phone sent back; nil when it is not a visibility action or names no
  /// account by a well-formed `account/<id>`.
  public init?(_ action: Action) {
    guard case .custom(let name, let payload) = action, name == Self.name,
      let members = payload.objectValue, members.count == 1,
      let reference = members["account"]?.stringValue, reference.hasPrefix("account/"),
      let id = Int64(reference.dropFirst("account/".count)), id > 0,
      "account/\(id)" == reference
    else { return nil }
    self.accountID = id
  }

  /// The wire form the toggle carries.
  public var action: Action {
    .custom(name: Self.name, payload: ["account": .string("account/\(accountID)")])
  }
}
