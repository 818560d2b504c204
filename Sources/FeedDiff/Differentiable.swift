/// A value the diff can follow from one feed to the next.
///
/// The identifier says *which* value this is, so it survives reordering and edits; content
/// equality says whether the value must be redrawn. Two values with the same identifier and
/// unequal content are reported as an update, never as a delete and an insert.
public protocol Differentiable {
  /// Identity that stays the same across feeds, such as `account/42`. It must be unique within
  /// one feed: the diff throws `DuplicateIdentifierError` rather than guess a pairing. `String`
  /// identifiers are compared by their UTF-8 bytes, so two canonically equivalent spellings
  /// (NFC and NFD) are two identifiers; other types by their own `==`.
  associatedtype DifferenceIdentifier: Hashable

  var differenceIdentifier: DifferenceIdentifier { get }

  /// Whether `self` draws the same as `source`, which has the same identifier. A feed item
  /// compares digests here, so the check stays cheap for large props.
  func isContentEqual(to source: Self) -> Bool
}

extension Differentiable where Self: Equatable {
  /// Equatable values are content-equal when they are equal.
  @inlinable
  public func isContentEqual(to source: Self) -> Bool {
    self == source
  }
}
