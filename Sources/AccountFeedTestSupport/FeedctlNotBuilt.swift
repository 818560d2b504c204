/// The tests run the real `feedctl`, so they cannot run before it is built.
struct FeedctlNotBuilt: Error, CustomStringConvertible {
  var description: String {
    "the feedctl binary was not found next to the tests; run 'swift build' first"
  }
}
