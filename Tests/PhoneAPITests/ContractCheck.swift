import Foundation
import Synchronization
import Testing

/// Holds every response the phone API's tests see to its contract, `docs/openapi.json`: the
/// status is one the contract lists for the request (or a refusal it allows on any request), the
/// content type is one it lists for that status, each header field it describes is present when
/// required and has the form it gives, and a JSON body — or an event's `data` — validates against
/// the schema (through `SchemaChecker`). A response that does not is an issue of the test that
/// saw it, naming the request and what is wrong, so the server cannot drift from the contract
/// in any way a test exercises.
///
/// Only servers of the phone API are checked: a test server with made-up routes is not.
enum ContractCheck {
  private static let watched = Mutex<Set<Int>>([])

  /// Checks the responses of the phone API listening on `port` from now on.
  static func watch(_ port: Int) {
    _ = watched.withLock { $0.insert(port) }
  }

  /// Stops checking `port`, whose server has stopped (another server may get the port next).
  static func unwatch(_ port: Int) {
    _ = watched.withLock { $0.remove(port) }
  }

  /// Records an issue for each way `response` to `method path` on `port` breaks the contract.
  /// `bodyRead` is false when the body was left for the caller (an event stream's).
  static func check(
    _ method: String, _ path: String, port: Int, _ response: TestResponse, bodyRead: Bool = true
  ) {
    guard watched.withLock({ $0.contains(port) }) else { return }
    for problem in problems(method, path, response, bodyRead: bodyRead) {
      Issue.record("\(method) \(path) → \(response.status) breaks the contract: \(problem)")
    }
  }

  /// Records an issue when an event's `data` is not the schema the contract gives its kind.
  static func checkEvent(_ kind: String, data: String, path: String, port: Int) {
    guard watched.withLock({ $0.contains(port) }) else { return }
    let contract: PhoneContract
    do {
      contract = try PhoneContract.current.get()
      guard let pointer = contract.events[kind] else {
        Issue.record("GET \(path): event '\(kind)' is not in the contract")
        return
      }
      if let problem = try SchemaChecker.shared.problem(with: Data(data.utf8), against: pointer) {
        Issue.record("GET \(path): event '\(kind)' breaks the contract: \(problem)")
      }
    } catch {
      Issue.record("GET \(path): \(error)")
    }
  }

  static func problems(
    _ method: String, _ path: String, _ response: TestResponse, bodyRead: Bool
  ) -> [String] {
    let contract: PhoneContract
    do { contract = try PhoneContract.current.get() } catch { return ["\(error)"] }
    guard let described = expected(method, path, response.status, in: contract) else {
      return ["the contract lists no \(response.status) for it"]
    }
    var problems: [String] = []
    let mediaType = response.headers["content-type"]
    if described.mediaTypes.isEmpty {
      // An untyped body (libmicrohttpd's own 414 and 431 page) is no representation of the API.
      if !response.body.isEmpty, mediaType != nil {
        problems.append("a body where the contract has none")
      }
    } else if let mediaType, described.mediaTypes.contains(mediaType) {
      // A gzip-encoded body is the same document compressed (CompressionTests hold the round trip);
      // its plain twin is what the schema checks.
      let encoded = response.headers["content-encoding"] != nil
      if method != "HEAD", bodyRead, !encoded, mediaType.hasPrefix("application/json") {
        do {
          if let problem = try SchemaChecker.shared.problem(
            with: response.body, against: described.schema(of: mediaType))
          {
            problems.append(problem)
          }
        } catch {
          problems.append("\(error)")
        }
      }
    } else {
      problems.append(
        "Content-Type \(mediaType ?? "missing") is not one of \(described.mediaTypes.sorted())")
    }
    for header in described.headers {
      guard let value = response.headers[header.name.lowercased()] else {
        if header.required { problems.append("no \(header.name) header") }
        continue
      }
      if let constant = header.constant, value != constant {
        problems.append("\(header.name): \(value) is not \(constant)")
      }
      if let pattern = header.pattern, value.range(of: pattern, options: .regularExpression) == nil
      {
        problems.append("\(header.name): \(value) does not match \(pattern)")
      }
    }
    return problems
  }

  /// The response the contract describes for `status` to `method path`: the operation's own,
  /// else a refusal the contract allows anywhere — 404 for a path it does not list, 405 for a
  /// method a listed path does not answer, and the refusals made before a route runs on any
  /// request: 400 (framing and fields), 413, 414 and 431 (libmicrohttpd's), 501, 503, and 429
  /// for a connection past its address's limit.
  private static func expected(
    _ method: String, _ path: String, _ status: Int, in contract: PhoneContract
  ) -> PhoneContract.Response? {
    let operation = method == "HEAD" ? "get" : method.lowercased()
    let listed = contract.path(for: path)
    if let response = listed?.operations[operation]?["\(status)"] { return response }
    switch status {
    case 404 where listed == nil: return contract.shared["NotFound"]
    case 405 where listed != nil && listed?.operations[operation] == nil:
      return contract.shared["MethodNotAllowed"]
    case 400: return contract.shared["BadRequest"]
    case 413: return contract.shared["ContentTooLarge"]
    case 414, 431: return contract.shared["HeaderTooLarge"]
    case 501: return contract.shared["NotImplemented"]
    case 503: return contract.shared["Unavailable"]
    case 429: return contract.shared["TooManyConnections"]
    default: return nil
    }
  }
}
