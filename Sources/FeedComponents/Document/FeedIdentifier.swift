/// The syntax of section and item ids.
///
/// An id is one or more segments joined by `/`, each segment made of ASCII letters, digits, `.`, `_`
/// and `-`, at most 200 bytes in all: `accounts`, `account/42`, `notice/7`, `total/KRW`. The first
/// segment names the kind of row and the rest its key, so an id says where it came from and stays the
/// same for the same row in every process.
public enum FeedIdentifier {
  /// The longest id accepted, in bytes.
  public static let maximumLength = 200

  /// Why `id` is not a valid id, or `nil` when it is.
  public static func problem(with id: String) -> String? {
    if isWellFormed(id.utf8) { return nil }
    if id.isEmpty { return "it is empty" }
    if id.utf8.count > maximumLength { return "it is longer than \(maximumLength) bytes" }
    for segment in id.split(separator: "/", omittingEmptySubsequences: false) {
      if segment.isEmpty { return "it has an empty segment between slashes" }
      if let bad = segment.unicodeScalars.first(where: { !isAllowed($0) }) {
        return "it contains \"\(bad)\"; only letters, digits, '.', '_', '-' and '/' are allowed"
      }
    }
    return nil
  }

  /// Whether `id` follows the syntax.
  public static func isValid(_ id: String) -> Bool {
    problem(with: id) == nil
  }

  /// The syntax checked byte by byte, the quick answer for the ids that are fine; `problem`
  /// looks for the reason only when this says no.
  private static func isWellFormed(_ bytes: String.UTF8View) -> Bool {
    // Every id of every feed is checked: scanning the bytes in place is several times faster
    // than stepping through the view.
    bytes.withContiguousStorageIfAvailable { isWellFormed($0) } ?? isWellFormed(Array(bytes))
  }

  private static func isWellFormed(_ bytes: some Collection<UInt8>) -> Bool {
    guard bytes.count <= maximumLength else { return false }
    var segmentIsEmpty = true
    for byte in bytes {
      switch byte {
      case UInt8(ascii: "/"):
        if segmentIsEmpty { return false }
        segmentIsEmpty = true
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "."), UInt8(ascii: "_"),
        UInt8(ascii: "-"):
        segmentIsEmpty = false
      default: return false
      }
    }
    return !segmentIsEmpty
  }

  private static func isAllowed(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar {
    case "a"..."z", "A"..."Z", "0"..."9", ".", "_", "-": return true
    default: return false
    }
  }
}
