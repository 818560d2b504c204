/// The request target as the client sent it, before libmicrohttpd percent-decodes it into a C
/// string: a `%00` there decodes to a NUL that silently cuts the path (`/v1/screens/home%00`
/// read as `home`, `/assets/feed.js%00.png` as `feed.js`), so such a target is refused while
/// the NUL can still be seen. A control byte or a space is refused too (RFC 9112 §3.2).
enum RequestTarget {
  static func check(_ raw: String) throws(HTTPError) {
    let bytes = Array(raw.utf8)
    guard bytes.allSatisfy({ $0 > 0x20 && $0 != 0x7F }) else {
      throw refusal("the request target holds a space or a control character")
    }
    let nul = Array("%00".utf8)
    if bytes.count >= nul.count,
      (0...(bytes.count - nul.count)).contains(where: { Array(bytes[$0..<$0 + nul.count]) == nul })
    {
      throw refusal("the request target encodes a NUL (%00)")
    }
  }

  private static func refusal(_ message: String) -> HTTPError {
    HTTPError(.badRequest, code: "bad_request", message, headers: ["Connection": "close"])
  }
}
