import Foundation

/// The phone API's contract, `docs/openapi.json`, and the outside checkers that read it: the
/// programs of the Python environment `scripts/setup test` makes at `.build/python`.
enum Contract {
  static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("../..").standardized
  static let document = repository.appendingPathComponent("docs/openapi.json")
  static let screens = repository.appendingPathComponent("config/screens")
  private static let python = repository.appendingPathComponent(".build/python/bin")

  /// What a checker said: its exit status and its output and errors together.
  struct Run {
    var status: Int32
    var output: String
  }

  /// Runs the Python environment's program `name`.
  static func run(_ name: String, _ arguments: [String]) throws -> Run {
    let process = Process()
    process.executableURL = python.appendingPathComponent(name)
    process.arguments = arguments
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    try process.run()
    let output = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return Run(status: process.terminationStatus, output: String(decoding: output, as: UTF8.self))
  }

  /// Validates each of `files` against the schema at `#/components/schemas/<schema>` of the
  /// contract with `scripts/validate-json.py`, which stops at the first invalid one.
  static func validate(_ files: [URL], against schema: String) throws -> Run {
    try run(
      "python",
      [
        repository.appendingPathComponent("scripts/validate-json.py").path,
        "#/components/schemas/\(schema)",
      ] + files.map(\.path))
  }
}

/// A directory of JSON files for one test, removed with it.
final class Corpus {
  let directory = FileManager.default.temporaryDirectory
    .appendingPathComponent("accountfeed-contract-\(UUID().uuidString)")
  private(set) var files: [URL] = []

  init() throws {
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
  }

  deinit {
    try? FileManager.default.removeItem(at: directory)
  }

  /// Writes `data` as the next file of the corpus.
  func add(_ data: Data) throws {
    let file = directory.appendingPathComponent("\(files.count).json")
    try data.write(to: file)
    files.append(file)
  }
}
