extension CanonicalJSONWriter {
  /// Appends the pretty form of `text` — canonical compact JSON: a value, or an object's member
  /// `"name":value` — as the pretty writer would have written it at nesting `depth`: the layout
  /// only adds whitespace outside strings, so it can be added to text already written instead
  /// of writing the value again.
  ///
  /// The pieces (a run of text up to a structural byte, the byte, the line break after it) are
  /// written through a pointer into room reserved on the array, not appended one by one: an
  /// append checks the array's capacity and uniqueness each time, and a feed has about fifty
  /// pieces per item. The room is a guess (twice the text left, and a line's indentation); when
  /// a piece does not fit, the walk stops before it and goes on in more room.
  static func indent(_ text: UnsafeRawBufferPointer, depth: Int, into output: inout [UInt8]) {
    guard let base = text.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return }
    var walk = IndentWalk(text: UnsafeBufferPointer(start: base, count: text.count), level: depth)
    while !walk.isDone {
      output.append(addingCapacity: walk.roomWanted) { span in
        span.withUnsafeMutableBufferPointer { room, written in
          written = walk.write(into: room)
        }
      }
    }
  }

  /// Appends a line break and the indentation of nesting `depth`, as the pretty form has
  /// before each element and before a non-empty container's closing bracket: one copy from a
  /// line break followed by a run of spaces, since a feed's lines are mostly indentation and
  /// every append costs about as much as copying a few dozen bytes.
  static func newline(depth: Int, into output: inout [UInt8]) {
    lineBreak.withUTF8Buffer { line in
      var width = 1 + depth * 2
      output.append(contentsOf: UnsafeBufferPointer(rebasing: line[..<min(width, line.count)]))
      width -= line.count
      while width > 0 {
        let run = min(width, line.count - 1)
        output.append(contentsOf: UnsafeBufferPointer(rebasing: line[1...run]))
        width -= run
      }
    }
  }

  /// A line break and then the indentation of nesting 32.
  private static let lineBreak: StaticString =
    "\n                                                                "
}

/// Where `indent` stands in its text: the walk can stop before any piece and go on from there.
private struct IndentWalk {
  let text: UnsafeBufferPointer<UInt8>
  var level: Int
  /// Where the scan for the next structural byte goes on.
  var position = 0
  /// The start of the text not written yet.
  var runStart = 0
  var isDone = false

  init(text: UnsafeBufferPointer<UInt8>, level: Int) {
    self.text = text
    self.level = level
  }

  /// Room for the rest of the text with one line break per byte left is more than enough for
  /// any value a feed holds; a piece that finds too little asks for more.
  var roomWanted: Int { 2 * (text.count - runStart) + 2 * level + 64 }

  /// The pieces are mostly a few bytes long — a number, `true`, the indentation of a line —
  /// so they are copied a machine word at a time rather than through `memcpy` and `memset`,
  /// whose calls cost more than such copies: a word written past a piece's end is written over
  /// by what follows, and the room asked for always has a word to spare.
  private static let word = MemoryLayout<UInt64>.size

  /// Copies `count` bytes from `source` to `target`, whole words while a word can be read
  /// before `readable` (the end of the text) and only the rest byte by byte.
  @inline(__always)
  private static func copy(
    from source: UnsafePointer<UInt8>, count: Int, readableTo readable: UnsafePointer<UInt8>,
    to target: UnsafeMutablePointer<UInt8>
  ) {
    guard count <= 4 * word else {
      target.initialize(from: source, count: count)
      return
    }
    var offset = 0
    while offset < count && source + offset + word <= readable {
      UnsafeMutableRawPointer(target + offset).storeBytes(
        of: UnsafeRawPointer(source + offset).loadUnaligned(as: UInt64.self), as: UInt64.self)
      offset += word
    }
    while offset < count {
      target[offset] = source[offset]
      offset += 1
    }
  }

  /// Writes `count` spaces at `target`, a word at a time.
  @inline(__always)
  private static func spaces(_ count: Int, at target: UnsafeMutablePointer<UInt8>) {
    var offset = 0
    while offset < count {
      UnsafeMutableRawPointer(target + offset).storeBytes(
        of: 0x2020_2020_2020_2020 as UInt64, as: UInt64.self)
      offset += word
    }
  }

  /// Writes pieces from the start of `room` while they fit, and returns how many bytes it wrote.
  mutating func write(into room: UnsafeMutableBufferPointer<UInt8>) -> Int {
    let base = text.baseAddress!
    let end = text.count
    var next = room.baseAddress!
    let limit = next + room.count
    while position < end {
      let byte = base[position]
      switch byte {
      case UInt8(ascii: "\""):
        position = CompactObjectScanner.closingQuote(in: base, from: position + 1, end: end) + 1
        continue
      case UInt8(ascii: "{"), UInt8(ascii: "["):
        // `{}` and `[]` stay as they are: the closing bracket is two code points on.
        if base[position + 1] == byte + 2 {
          position += 2
          continue
        }
      case UInt8(ascii: "}"), UInt8(ascii: "]"), UInt8(ascii: ","), UInt8(ascii: ":"):
        break
      default:
        position += 1
        continue
      }
      // The run before the structural byte, the byte, and the line break or space with it.
      let run = position - runStart
      let opens = byte == UInt8(ascii: "{") || byte == UInt8(ascii: "[")
      let closes = byte == UInt8(ascii: "}") || byte == UInt8(ascii: "]")
      let lineLevel = opens ? level + 1 : closes ? level - 1 : level
      let size = run + 1 + (byte == UInt8(ascii: ":") ? 1 : 1 + 2 * lineLevel)
      // The copies below write whole words, up to a word past the piece's end.
      guard limit - next >= size + Self.word else { return next - room.baseAddress! }
      Self.copy(from: base + runStart, count: run, readableTo: base + end, to: next)
      next += run
      if byte == UInt8(ascii: ":") {
        next[0] = byte
        next[1] = UInt8(ascii: " ")
        next += 2
      } else {
        if !closes {
          next.pointee = byte
          next += 1
        }
        next.pointee = UInt8(ascii: "\n")
        Self.spaces(2 * lineLevel, at: next + 1)
        next += 1 + 2 * lineLevel
        if closes {
          next.pointee = byte
          next += 1
        }
      }
      level = lineLevel
      position += 1
      runStart = position
    }
    let rest = end - runStart
    guard limit - next >= rest else { return next - room.baseAddress! }
    next.initialize(from: base + runStart, count: rest)
    next += rest
    runStart = end
    isDone = true
    return next - room.baseAddress!
  }
}
