/// Marks one longest strictly increasing subsequence of `keys`: afterwards `keys[i]` is 1 when
/// position `i` is on it and 0 otherwise.
///
/// Elements on it keep their relative order from one feed to the next, so only the others have
/// to move: this is what keeps the reported moves minimal. Patience sorting with binary search,
/// O(n log n) time and O(n) memory. Keys already in order, the common case, are marked in one
/// pass; `scratch` is working memory the caller keeps, so one diff allocates it once for all its
/// sections.
@usableFromInline
func markLongestIncreasingSubsequence(_ keys: inout [Int], scratch: inout [Int]) {
  let count = keys.count
  if count < 2 || (1..<count).allSatisfy({ keys[$0 - 1] < keys[$0] }) {
    for i in 0..<count { keys[i] = 1 }
    return
  }
  // scratch[0..<count]: previous[position], the position before it on its best run;
  // scratch[count...]: tails[l], the position ending the best run of length l + 1.
  scratch.removeAll(keepingCapacity: true)
  scratch.append(contentsOf: repeatElement(-1, count: count))
  for position in 0..<count {
    let key = keys[position]
    let tailCount = scratch.count - count
    if tailCount > 0, keys[scratch[scratch.count - 1]] < key {
      // The common case in a mostly ordered feed: extend the longest run without a search.
      scratch[position] = scratch[scratch.count - 1]
      scratch.append(position)
      continue
    }
    var low = 0
    var high = tailCount
    while low < high {
      let middle = (low + high) / 2
      if keys[scratch[count + middle]] < key { low = middle + 1 } else { high = middle }
    }
    if low > 0 { scratch[position] = scratch[count + low - 1] }
    if low == tailCount { scratch.append(position) } else { scratch[count + low] = position }
  }
  var position = scratch.count > count ? scratch[scratch.count - 1] : -1
  for i in 0..<count { keys[i] = 0 }
  while position >= 0 {
    keys[position] = 1
    position = scratch[position]
  }
}
