/// The rule for account kinds (`checking`, `savings`, …), shared by the store and by layouts
/// that give kinds their titles: 1 to 32 lowercase letters, digits, `_` or `-`, starting with a
/// letter.
public enum AccountKind {
  public static func isValid(_ kind: String) -> Bool {
    let scalars = Array(kind.unicodeScalars)
    guard (1...32).contains(scalars.count), ("a"..."z").contains(scalars[0]) else { return false }
    return scalars.allSatisfy {
      ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "_" || $0 == "-"
    }
  }
}
