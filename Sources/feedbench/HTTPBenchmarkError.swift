/// A benchmark against a running server that could not go on, in one line.
struct HTTPBenchmarkError: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}
