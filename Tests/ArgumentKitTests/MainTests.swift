import ArgumentKit
import Foundation
import Testing

/// The entry point, run in process with captured streams.
@Suite("Entry point")
struct MainTests {
  private struct Run {
    let code: Int32
    let output: String
    let errorOutput: String
  }

  private func run(_ arguments: [String], environment: [String: String] = [:]) -> Run {
    let output = TextBuffer()
    let errorOutput = TextBuffer()
    let code = SampleTool.main(
      arguments, environment: environment, output: output.sink, errorOutput: errorOutput.sink)
    return Run(code: code, output: output.text, errorOutput: errorOutput.text)
  }

  @Test func successfulRunExitsWithZeroAndWritesToOutput() {
    let result = run(["show", "--owner", "alice", "--format", "json"])
    #expect(result.code == 0)
    #expect(result.output == "show alice json\n")
    #expect(result.errorOutput == "")
  }

  @Test func runReceivesTheEnvironmentFallback() {
    let result = run(["show"], environment: ["FEEDCTL_OWNER": "carol"])
    #expect(result.output == "show carol text\n")
  }

  @Test func helpGoesToOutputWithExitCodeZero() {
    let result = run(["show", "--help"])
    #expect(result.code == 0)
    #expect(result.output.hasPrefix("OVERVIEW: Show an owner's feed.\n"))
    #expect(result.errorOutput == "")
  }

  @Test func versionGoesToOutputWithExitCodeZero() {
    let result = run(["--version"])
    #expect(result.code == 0)
    #expect(result.output == "feedctl 1.2.3\n")
  }

  @Test func usageErrorIsOneLineOnErrorOutputWithExitCodeTwo() {
    let result = run(["show", "--fromat", "json"])
    #expect(result.code == 2)
    #expect(result.output == "")
    #expect(
      result.errorOutput == "feedctl: error: unknown option '--fromat'; did you mean '--format'?\n")
  }

  @Test func validationErrorIsAUsageError() {
    let result = run(["account", "update", "1", "--balance", "5", "--delta", "-1"])
    #expect(result.code == 2)
    #expect(
      result.errorOutput
        == "feedctl: error: --balance and --delta cannot be used together; give one of them\n")
  }

  @Test func validationRunsBeforeTheCommand() {
    let result = run(["account", "update", "1", "--balance", "5", "--delta", "-1"])
    #expect(result.output == "")
  }

  @Test func applicationErrorChoosesItsExitCodeAndMessage() {
    let result = run(["account", "update", "404"])
    #expect(result.code == 4)
    #expect(result.errorOutput == "feedctl: error: no account with id 404\n")
  }

  @Test func thrownExitCodeEndsSilentlyWithThatCode() {
    let result = run(["diff", "3", "--exit-code"])
    #expect(result.code == 1)
    #expect(result.output == "3 -> live\n")
    #expect(result.errorOutput == "")
  }

  @Test func defaultSubcommandRuns() {
    #expect(run(["db"]).output == "running\n")
  }
}

@Suite("Entry point with plain errors")
struct PlainErrorTests {
  struct Broken: Error {}

  struct Localized: LocalizedError, CustomStringConvertible {
    var errorDescription: String? { "localized message" }
    var description: String { "debug description" }
  }

  struct MultiLine: Error, CustomStringConvertible {
    var description: String { "first line\nsecond line" }
  }

  struct Fail: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "fail")

    @Flag(help: "Fail with a two-line message.")
    var multiLine = false

    @Flag(help: "Fail with a localized error.")
    var localized = false

    func run(_ context: CommandContext) throws {
      if multiLine { throw MultiLine() }
      if localized { throw Localized() }
      throw Broken()
    }
  }

  private func errorOutput(_ arguments: [String]) -> (Int32, String) {
    let buffer = TextBuffer()
    let code = Fail.main(
      arguments, environment: [:], output: TextBuffer().sink, errorOutput: buffer.sink)
    return (code, buffer.text)
  }

  @Test func errorWithoutAnExitCodeExitsWithOne() {
    #expect(errorOutput([]).0 == 1)
  }

  @Test func localizedDescriptionIsPreferredOverDescription() {
    #expect(errorOutput(["--localized"]).1 == "fail: error: localized message\n")
  }

  @Test func multiLineMessageIsJoinedIntoOneLine() {
    #expect(errorOutput(["--multi-line"]).1 == "fail: error: first line second line\n")
  }
}
