/// A run of integers inside an array that several tables share.
///
/// `Matching` keeps its per-section tables in one array and its per-element tables in another,
/// so a diff allocates two arrays instead of eight; a column reads like an array of its own.
@usableFromInline
struct IntColumn: RandomAccessCollection {
  @usableFromInline let storage: [Int]
  @usableFromInline let offset: Int
  @usableFromInline let endIndex: Int

  @inlinable
  init(_ storage: [Int], offset: Int, count: Int) {
    self.storage = storage
    self.offset = offset
    self.endIndex = count
  }

  @inlinable var startIndex: Int { 0 }

  @inlinable
  subscript(position: Int) -> Int {
    storage[offset + position]
  }
}
