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

  private static func isAllowed(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar {
    case "a"..."z", "A"..."Z", "0"..."9", ".", "_", "-": return true
    default: return false
    }
  }
}
