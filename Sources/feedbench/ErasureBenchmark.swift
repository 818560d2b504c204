/// The AnyComponent erasure benchmark (issue 3).
enum ErasureBenchmark {
  static func run(arguments: [String]) throws {}
}
