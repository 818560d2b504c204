/// Marks one longest strictly increasing subsequence of `keys`: afterwards `keys[i]` is 1 when
/// position `i` is on it and 0 otherwise.
///
/// Elements on it keep their relative order from one feed to the next, so only the others have
/// to move: this is what keeps the reported moves minimal. Patience sorting with binary search,
/// O(n log n) time and O(n) memory. Keys already in order, the common case, are marked in one
/// pass; otherwise the working memory is a temporary allocation, on the stack for small inputs.
@usableFromInline
func markLongestIncreasingSubsequence(_ keys: inout [Int]) {
  let count = keys.count
  if count < 2 || (1..<count).allSatisfy({ keys[$0 - 1] < keys[$0] }) {
    for i in 0..<count { keys[i] = 1 }
    return
  }
  keys.withUnsafeMutableBufferPointer { keys in
    // previous[position]: the position before it on its best run; tails[l]: the position
    // ending the best run of length l + 1.
    withUnsafeTemporaryAllocation(of: Int.self, capacity: 2 * count) { memory in
      let previous = UnsafeMutableBufferPointer(rebasing: memory[0..<count])
      let tails = UnsafeMutableBufferPointer(rebasing: memory[count...])
      var tailCount = 0
      for position in 0..<count {
        let key = keys[position]
        if tailCount > 0, keys[tails[tailCount - 1]] < key {
          // The common case in a mostly ordered feed: extend the longest run without a search.
          previous[position] = tails[tailCount - 1]
          tails[tailCount] = position
          tailCount += 1
          continue
        }
        var low = 0
        var high = tailCount
        while low < high {
          let middle = (low + high) / 2
          if keys[tails[middle]] < key { low = middle + 1 } else { high = middle }
        }
        previous[position] = low > 0 ? tails[low - 1] : -1
        tails[low] = position
        if low == tailCount { tailCount += 1 }
      }
      var position = tails[tailCount - 1]
      for i in 0..<count { keys[i] = 0 }
      while position >= 0 {
        keys[position] = 1
        position = previous[position]
      }
    }
  }
}
