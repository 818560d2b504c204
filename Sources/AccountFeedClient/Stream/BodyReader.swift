/// A response body as its bytes arrive: chunked, of a `Content-Length`, or up to the close.
struct BodyReader {
  private var chunked: ChunkedDecoder?
  private var remaining: Int?

  init(headers: [String: String]) {
    if headers["transfer-encoding"]?.lowercased().contains("chunked") == true {
      chunked = ChunkedDecoder()
    } else {
      remaining = headers["content-length"].flatMap { Int($0) }
    }
  }

  /// True once the whole body has been read (never for a body read up to the close).
  var isFinished: Bool {
    chunked?.isFinished ?? (remaining == 0)
  }

  /// The body bytes in `bytes`.
  mutating func decode(_ bytes: ArraySlice<UInt8>) throws(FeedClientError) -> [UInt8] {
    if chunked != nil { return try chunked!.decode(bytes) }
    guard let left = remaining else { return Array(bytes) }
    let taken = Array(bytes.prefix(left))
    remaining = left - taken.count
    return taken
  }
}
