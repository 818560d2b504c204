/// A response's status line and header fields (names in lower case).
struct HTTPHead {
  let status: Int
  let headers: [String: String]

  init(_ text: String) throws(FeedClientError) {
    let lines = text.split(separator: "\r\n", omittingEmptySubsequences: true)
    let statusLine = lines.first?.split(separator: " ") ?? []
    guard statusLine.count >= 2, statusLine[0].hasPrefix("HTTP/1."), let status = Int(statusLine[1])
    else { throw .invalidResponse("not an HTTP/1.1 status line: \(lines.first ?? "")") }
    var headers: [String: String] = [:]
    for line in lines.dropFirst() {
      guard let colon = line.firstIndex(of: ":") else { continue }
      let name = line[..<colon].lowercased()
      let value = line[line.index(after: colon)...].drop { $0 == " " || $0 == "\t" }
      headers[name] = String(value)
    }
    self.status = status
    self.headers = headers
  }
}
