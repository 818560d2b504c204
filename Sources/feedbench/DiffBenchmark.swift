/// The diff benchmark (issue 4).
enum DiffBenchmark {
  static func run(arguments: [String]) throws {}
}
