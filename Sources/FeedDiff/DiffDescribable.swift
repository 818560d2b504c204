/// What a person sees of a section or element in the text plan.
///
/// Both requirements have defaults, so `extension MyItem: DiffDescribable {}` is enough to get
/// `+`/`-` lines with the bare identifier; give `diffProperties` to get a `before → after` line
/// for each property that changed.
public protocol DiffDescribable {
  /// A short label printed after the identifier, such as an account's name. Empty prints nothing.
  var diffTitle: String { get }
  /// Named values in display order, already formatted for people (quote strings yourself).
  var diffProperties: [DiffProperty] { get }
}

extension DiffDescribable {
  public var diffTitle: String { "" }
  public var diffProperties: [DiffProperty] { [] }
}

/// One named, formatted value of a section or element, compared by name across feeds.
public struct DiffProperty: Hashable, Sendable {
  public var name: String
  public var value: String

  public init(name: String, value: String) {
    self.name = name
    self.value = value
  }
}
