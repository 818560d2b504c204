import ArgumentKit
import Testing

/// Error lines quote what the user typed; control characters in it are shown escaped, never
/// written raw to the terminal.
@Suite("Control characters in error lines")
struct EscapedErrorTests {
  struct Quoting: Error, CustomStringConvertible {
    let text: String
    var description: String { "cannot use '\(text)'" }
  }

  struct Echo: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "echo")

    @Argument(help: "Text to fail with.")
    var text: String

    func run(_ context: CommandContext) throws {
      throw Quoting(text: text)
    }
  }

  private func errorLine(_ text: String) -> String {
    let buffer = TextBuffer()
    _ = Echo.main([text], environment: [:], output: TextBuffer().sink, errorOutput: buffer.sink)
    return buffer.text
  }

  @Test func anEscapeSequenceIsShownAsAnEscape() {
    #expect(errorLine("a\u{1B}[2Jb") == "echo: error: cannot use 'a\\u{1B}[2Jb'\n")
  }

  @Test func nulBellBackspaceAndDeleteAreShownAsEscapes() {
    #expect(
      errorLine("\u{0}\u{7}\u{8}\u{7F}") == "echo: error: cannot use '\\u{0}\\u{7}\\u{8}\\u{7F}'\n")
  }

  @Test func aC1ControlSequenceIntroducerIsShownAsAnEscape() {
    #expect(errorLine("\u{9B}31m") == "echo: error: cannot use '\\u{9B}31m'\n")
  }

  @Test func aTabIsShownAsAnEscape() {
    #expect(errorLine("a\tb") == "echo: error: cannot use 'a\\u{9}b'\n")
  }

  @Test func aBidirectionalOverrideIsShownAsAnEscape() {
    #expect(errorLine("abc\u{202E}def") == "echo: error: cannot use 'abc\\u{202E}def'\n")
  }

  @Test func aNewlineStillJoinsTheLine() {
    #expect(errorLine("a\nb") == "echo: error: cannot use 'a b'\n")
  }

  @Test func joinersSelectorsAndOtherScriptsAreLeftAsTheyAre() {
    let text = "생활비 \u{1F469}\u{200D}\u{1F4BB} \u{2764}\u{FE0F} e\u{301}"
    #expect(errorLine(text) == "echo: error: cannot use '\(text)'\n")
  }

  @Test func aUsageErrorQuotingAnOptionIsEscapedToo() {
    let buffer = TextBuffer()
    let code = SampleTool.main(
      ["show", "--\u{1B}[31m"], environment: [:], output: TextBuffer().sink,
      errorOutput: buffer.sink)
    #expect(code == 2)
    #expect(buffer.text.hasPrefix("feedctl: error: unknown option '--\\u{1B}[31m'"))
  }
}
