/// An array of `count` copies of `value`, like `Array(repeating:count:)`.
///
/// `Array(repeating:count:)` allocates through an unspecialised standard-library entry point that
/// looks the array's type metadata up at run time on every call, about 800 instructions; a diff
/// of ten items makes a dozen such arrays, so that lookup alone cost a fifth of it. Reserving and
/// appending stays in code specialised for `Element`.
@inlinable
func filledArray<Element>(_ value: Element, count: Int) -> [Element] {
  var array: [Element] = []
  array.reserveCapacity(count)
  array.append(contentsOf: repeatElement(value, count: count))
  return array
}
