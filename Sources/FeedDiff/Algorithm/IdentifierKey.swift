/// An identifier as a `Set` or `Dictionary` key, equal exactly when `identifiersEqual` says so.
///
/// Section pairing and the text plan keep identifiers in standard collections; wrapping them makes
/// those collections compare `String` ids byte for byte, like the element table does, so the whole
/// diff agrees on which ids are the same.
@usableFromInline
struct IdentifierKey<ID: Hashable>: Hashable {
  @usableFromInline let id: ID

  @inlinable
  init(_ id: ID) {
    self.id = id
  }

  @inlinable
  static func == (lhs: Self, rhs: Self) -> Bool {
    identifiersEqual(lhs.id, rhs.id)
  }

  @inlinable
  func hash(into hasher: inout Hasher) {
    hasher.combine(identifierHash(id))
  }
}
