import Foundation

/// The phone API's contract, `docs/openapi.json`, read the way the tests hold the server to it:
/// for a request and the status it got, which response the contract describes, the content
/// types and header fields that response has, and where in the document its body's schema is
/// (for `scripts/validate-json.py`, which checks bodies with a real JSON Schema validator).
struct PhoneContract: Sendable {
  /// A response the contract describes.
  struct Response: Sendable {
    /// The JSON pointer of the response object (a `$ref` resolved), e.g.
    /// `#/components/responses/NotFound`.
    var pointer: String
    /// The media types its `content` lists; none when it has no body.
    var mediaTypes: [String]
    var headers: [Header]

    /// The pointer of the schema of a body of `mediaType`.
    func schema(of mediaType: String) -> String {
      "\(pointer)/content/\(PhoneContract.escaped(mediaType))/schema"
    }
  }

  /// A response header field and the part of its schema the server's fields use.
  struct Header: Sendable {
    var name: String
    var required: Bool
    var constant: String?
    var pattern: String?
  }

  /// A path of the contract (`/v1/screens/{name}`) with its operations' responses by method
  /// (lower case, as OpenAPI spells it) and status.
  struct Path: Sendable {
    var template: String
    var operations: [String: [String: Response]]

    /// Whether `path` is this template with each `{parameter}` filled by one segment.
    func matches(_ path: String) -> Bool {
      let expected = template.split(separator: "/", omittingEmptySubsequences: false)
      let actual = path.split(separator: "/", omittingEmptySubsequences: false)
      return expected.count == actual.count
        && zip(expected, actual).allSatisfy { pattern, segment in
          pattern == segment || (pattern.hasPrefix("{") && !segment.isEmpty)
        }
    }
  }

  static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("../..").standardized
  static let file = repository.appendingPathComponent("docs/openapi.json")

  /// The contract as `docs/openapi.json` holds it now.
  static let current = Result { try PhoneContract(data: Data(contentsOf: file)) }

  var paths: [Path]
  /// `#/components/responses`, by name: the refusals any request may get (`NotFound` for an
  /// unknown path, `MethodNotAllowed`, `ContentTooLarge`, `Unavailable`, `TooManyConnections`).
  var shared: [String: Response]
  /// The pointer of each server-sent event kind's `data` schema, by kind (`feed`, `changeset`).
  var events: [String: String]

  init(data: Data) throws {
    let root = try Self.object(JSONSerialization.jsonObject(with: data))
    let components = Self.object(root["components"])
    let headers = Self.object(components["headers"])
    let responses = Self.object(components["responses"])
    func response(_ value: Any?, at pointer: String) -> Response {
      var object = Self.object(value)
      var pointer = pointer
      if let reference = object["$ref"] as? String {
        pointer = reference
        object = Self.object(responses[String(reference.split(separator: "/").last ?? "")])
      }
      let fields = Self.object(object["headers"]).map { name, value in
        var header = Self.object(value)
        if let reference = header["$ref"] as? String {
          header = Self.object(headers[String(reference.split(separator: "/").last ?? "")])
        }
        let schema = Self.object(header["schema"])
        return Header(
          name: name, required: header["required"] as? Bool ?? false,
          constant: schema["const"] as? String, pattern: schema["pattern"] as? String)
      }
      return Response(
        pointer: pointer, mediaTypes: Array(Self.object(object["content"]).keys), headers: fields)
    }
    shared = Dictionary(
      uniqueKeysWithValues: responses.keys.map {
        ($0, response(["$ref": "#/components/responses/\($0)"], at: ""))
      })
    paths = Self.object(root["paths"]).map { template, value in
      let operations = Self.object(value).mapValues { operation in
        Self.object(Self.object(operation)["responses"])
      }
      return Path(
        template: template,
        operations: Dictionary(
          uniqueKeysWithValues: operations.map { method, responses in
            let base = "#/paths/\(Self.escaped(template))/\(method)/responses"
            return (
              method,
              Dictionary(
                uniqueKeysWithValues: responses.map { status, value in
                  (status, response(value, at: "\(base)/\(status)"))
                })
            )
          }))
    }
    // The event stream's `x-events` name each event kind's `data` schema.
    let stream = "/v1/feed/events"
    let events = Self.object(
      root, "paths", stream, "get", "responses", "200", "content", "text/event-stream", "x-events")
    self.events = [:]
    for (kind, value) in events where Self.object(value)["data"] != nil {
      self.events[kind] =
        "#/paths/\(Self.escaped(stream))/get/responses/200/content/"
        + "\(Self.escaped("text/event-stream"))/x-events/\(kind)/data"
    }
  }

  /// The contract's path for a request path (the query left off), if it lists one.
  func path(for requestPath: String) -> Path? {
    let bare = String(requestPath.prefix { $0 != "?" })
    return paths.first { $0.template == bare } ?? paths.first { $0.matches(bare) }
  }

  /// A JSON pointer segment for `name` (RFC 6901: `~` as `~0`, `/` as `~1`).
  static func escaped(_ name: String) -> String {
    name.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1")
  }

  /// The object at `keys` below `value`; empty where there is none.
  private static func object(_ value: Any?, _ keys: String...) -> [String: Any] {
    keys.reduce(value as? [String: Any] ?? [:]) { object, key in
      object[key] as? [String: Any] ?? [:]
    }
  }
}
