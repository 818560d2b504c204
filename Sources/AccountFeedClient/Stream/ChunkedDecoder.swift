/// Decodes an HTTP/1.1 `Transfer-Encoding: chunked` body as its bytes arrive, so an event is
/// handed on as soon as its chunk is complete.
struct ChunkedDecoder {
  private enum State {
    case size
    case data(remaining: Int)
    case dataEnd, trailer, finished
  }

  private var state = State.size
  private var line: [UInt8] = []

  /// True once the last (zero-length) chunk and its trailer have been read.
  var isFinished: Bool {
    if case .finished = state { return true }
    return false
  }

  /// The body bytes carried by `bytes`.
  mutating func decode(_ bytes: ArraySlice<UInt8>) throws(FeedClientError) -> [UInt8] {
    var output: [UInt8] = []
    var index = bytes.startIndex
    while index < bytes.endIndex {
      switch state {
      case .data(let remaining):
        let end = min(bytes.endIndex, index + remaining)
        output.append(contentsOf: bytes[index..<end])
        state =
          remaining - (end - index) == 0 ? .dataEnd : .data(remaining: remaining - (end - index))
        index = end
      case .finished:
        return output
      case .size, .dataEnd, .trailer:
        let byte = bytes[index]
        index += 1
        guard byte == UInt8(ascii: "\n") else {
          line.append(byte)
          guard line.count <= 1024 else { throw .invalidResponse("a chunk header is too long") }
          continue
        }
        if line.last == UInt8(ascii: "\r") { line.removeLast() }
        try endOfLine()
        line.removeAll(keepingCapacity: true)
      }
    }
    return output
  }

  private mutating func endOfLine() throws(FeedClientError) {
    switch state {
    case .size:
      let text = String(decoding: line.prefix { $0 != UInt8(ascii: ";") }, as: UTF8.self)
      guard let size = Int(text.trimmingSpaces, radix: 16), size >= 0 else {
        throw .invalidResponse("a chunk size is not hexadecimal: \(text)")
      }
      state = size == 0 ? .trailer : .data(remaining: size)
    case .dataEnd:
      guard line.isEmpty else { throw .invalidResponse("a chunk does not end with CRLF") }
      state = .size
    case .trailer:
      if line.isEmpty { state = .finished }
    case .data, .finished:
      break
    }
  }
}

extension String {
  /// Without leading and trailing spaces and tabs.
  fileprivate var trimmingSpaces: String {
    String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
  }
}
