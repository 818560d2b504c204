import FeedComponents
import Foundation

/// An action a person took on the screen, as `POST /v1/actions` takes it, with the key that
/// makes sending it again safe.
///
/// The `Idempotency-Key` stays the same on every attempt of one request, so a retry after a
/// lost answer can be recognised by the server as the same action. Make a new request (a new
/// key) for each tap.
public struct ActionRequest: Sendable, Equatable {
  /// The JSON body: the item's action, plus the switch's new state for a toggle.
  public let body: JSONValue
  public let idempotencyKey: String

  /// The action an item carries (`ItemNode.action(for:)`), sent back as the document wrote it;
  /// `isOn` is a switch's new state (`set_account_visibility`).
  public init(action: Action, isOn: Bool? = nil, idempotencyKey: String = UUID().uuidString) {
    var members = action.json.objectValue ?? [:]
    if let isOn { members["is_on"] = .bool(isOn) }
    self.body = .object(members)
    self.idempotencyKey = idempotencyKey
  }

  /// Dismisses the notice `id` (`notice/3`).
  public static func dismissNotice(_ id: String) -> ActionRequest {
    ActionRequest(action: .dismissNotice(id: id))
  }
}
