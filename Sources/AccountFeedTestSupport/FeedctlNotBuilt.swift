/// The tests run the real `feedctl` (and `feedphone`), so they cannot run before it is built.
struct FeedctlNotBuilt: Error, CustomStringConvertible {
  var name = "feedctl"

  var description: String {
    "the \(name) binary was not found next to the tests; run 'swift build' first"
  }
}
