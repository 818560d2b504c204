/// Marks one longest strictly increasing subsequence of `keys`.
///
/// Elements on it keep their relative order from one feed to the next, so only the others have
/// to move: this is what keeps the reported moves minimal. Patience sorting with binary search,
/// O(n log n) time and O(n) memory.
@usableFromInline
func longestIncreasingSubsequence(_ keys: [Int]) -> [Bool] {
  var tails: [Int] = []  // tails[l]: position in `keys` ending the best run of length l + 1
  var previous = [Int](repeating: -1, count: keys.count)
  tails.reserveCapacity(min(keys.count, 1024))
  for position in keys.indices {
    let key = keys[position]
    if let last = tails.last, keys[last] < key {
      // The common case in a mostly ordered feed: extend the longest run without a search.
      previous[position] = last
      tails.append(position)
      continue
    }
    var low = 0
    var high = tails.count
    while low < high {
      let middle = (low + high) / 2
      if keys[tails[middle]] < key { low = middle + 1 } else { high = middle }
    }
    if low > 0 { previous[position] = tails[low - 1] }
    if low == tails.count { tails.append(position) } else { tails[low] = position }
  }
  var onSequence = [Bool](repeating: false, count: keys.count)
  var position = tails.last ?? -1
  while position >= 0 {
    onSequence[position] = true
    position = previous[position]
  }
  return onSequence
}
