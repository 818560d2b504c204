import Foundation

/// One request as a phone sends it, with curl (so nginx sees an ordinary HTTP/1.1 client).
struct PhoneRequest {
  struct Response {
    var status: Int
    var headers: [String: String]
    var body: String
  }

  var url: String
  var method = "GET"
  var headers: [String: String] = [:]
  var body: String?

  func send() throws -> Response {
    var arguments = ["-sS", "--max-time", "20", "-X", method, "-D", "-", url]
    for (name, value) in headers { arguments += ["-H", "\(name): \(value)"] }
    if let body { arguments += ["-H", "Content-Type: application/json", "--data-binary", body] }
    let result = try Command.run("/usr/bin/curl", arguments)
    // Headers, a blank line, the body.
    let parts = result.output.components(separatedBy: "\r\n\r\n")
    let head = parts.first?.components(separatedBy: "\r\n") ?? []
    var headers: [String: String] = [:]
    for line in head.dropFirst() {
      guard let colon = line.firstIndex(of: ":") else { continue }
      headers[line[..<colon].lowercased()] = line[line.index(after: colon)...]
        .trimmingCharacters(in: .whitespaces)
    }
    let status = head.first.flatMap { Int($0.split(separator: " ").dropFirst().first ?? "") } ?? 0
    return Response(
      status: status, headers: headers, body: parts.dropFirst().joined(separator: "\r\n\r\n"))
  }
}
