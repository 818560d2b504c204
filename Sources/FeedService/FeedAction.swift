import AccountModel
import FeedAssembler
import FeedComponents
import Foundation

/// Something a phone asks the server to do, taken from an action in the document it was shown
/// (`{"kind": "dismiss_notice", "id": "notice/1"}`), checked before anything is looked up.
///
/// Only the actions the server carries out are here: `open_url` and `custom` actions are the
/// phone's to perform and are refused as input — except the settings switch's custom
/// `set_account_visibility`, which comes back with the switch's new state beside it
/// (`{"kind": "custom", "name": "set_account_visibility", "payload": {…}, "is_on": false}`).
public enum FeedAction: Hashable, Sendable {
  /// Dismiss the owner's notice with this row id.
  case dismissNotice(id: Int64)
  /// Show (or hide) the owner's account with this row id on the home screen: a settings switch
  /// (`VisibilityAction`) flipped to `visible`.
  case setAccountVisibility(id: Int64, visible: Bool)

  /// An action body is a few dozen bytes; anything past this is not one.
  public static let byteLimit = 4096

  /// Reads an action body: JSON in the wire form of `Action` (the document's own action type,
  /// so the form has one definition), with an item id as the document names it.
  public init(json data: Data) throws(FeedServiceError) {
    guard data.count <= Self.byteLimit else {
      throw .invalidInput(
        "an action must be at most \(Self.byteLimit) bytes of JSON, got \(data.count)")
    }
    let action: Action
    let isOn: Bool?
    do {
      // A switch's action comes back with the switch's new state beside it: `"is_on": false`.
      var json = try JSONParser.parse(Array(data))
      (json, isOn) = try Self.splitSwitchState(json)
      action = try Action(json: json)
    } catch let error as FeedServiceError {
      throw error
    } catch let error as JSONParseError {
      throw .invalidInput("the action is not valid JSON: \(error)")
    } catch {
      throw .invalidInput("\(error)")
    }
    if let visibility = VisibilityAction(action) {
      guard let isOn else {
        throw .invalidInput(
          "a \(VisibilityAction.name) action needs \"is_on\": the switch's new state, true or false"
        )
      }
      self = .setAccountVisibility(id: visibility.accountID, visible: isOn)
      return
    }
    guard isOn == nil else {
      throw .invalidInput(
        "only a switch's action carries \"is_on\"; the server's switch is \(VisibilityAction.name)")
    }
    switch action {
    case .dismissNotice(let id):
      self = .dismissNotice(id: try Self.rowID(id, prefix: "notice/"))
    case .openURL, .custom:
      throw .invalidInput(
        "'\(action.json["kind"]?.stringValue ?? "")' actions are the phone's to carry out, not the server's"
      )
    case .unrecognized(let members):
      let kind = members["kind"]?.stringValue.map { "'\($0)'" } ?? "this"
      throw .invalidInput(
        "\(kind) is not an action the server performs, or it has fields other than \"kind\" and \"id\"; the server performs dismiss_notice and \(VisibilityAction.name)"
      )
    }
  }

  /// The action without its `is_on` member, and that member's value when there is one.
  private static func splitSwitchState(
    _ json: JSONValue
  ) throws(FeedServiceError) -> (JSONValue, Bool?) {
    guard var members = json.objectValue, let state = members.removeValue(forKey: "is_on") else {
      return (json, nil)
    }
    guard let isOn = state.boolValue else {
      throw .invalidInput("\"is_on\" must be true or false")
    }
    return (.object(members), isOn)
  }

  /// The id as the document names the item, e.g. `notice/3`.
  public var itemID: String {
    switch self {
    case .dismissNotice(let id): "notice/\(id)"
    case .setAccountVisibility(let id, _): "account/\(id)"
    }
  }

  /// `notice/3` → 3; the number is written as the document writes it (no sign, no leading 0).
  private static func rowID(_ itemID: String, prefix: String) throws(FeedServiceError) -> Int64 {
    let digits = itemID.hasPrefix(prefix) ? String(itemID.dropFirst(prefix.count)) : ""
    guard let id = Int64(digits), String(id) == digits, id > 0 else {
      throw .invalidInput(
        "'\(itemID.prefix(80))' is not an item id of the form \(prefix)N with N a positive number")
    }
    return id
  }
}
