import HTTPServer
import Testing

/// HTTP's optional whitespace (RFC 9110 §5.6.3) around a value: spaces and tabs, nothing else.
@Suite("Optional whitespace")
struct OptionalWhitespaceTests {
  @Test(
    "Spaces and tabs around a value are trimmed, those inside it kept",
    arguments: [
      ("gzip", "gzip"), ("  gzip", "gzip"), ("gzip \t", "gzip"), ("\t a b \t", "a b"),
      ("", ""), (" \t ", ""),
    ])
  func trims(_ text: String, _ trimmed: String) {
    #expect(text.trimmingOptionalWhitespace() == trimmed)
  }

  @Test("Other whitespace is part of the value")
  func keepsOtherWhitespace() {
    #expect("\u{A0}x\n".trimmingOptionalWhitespace() == "\u{A0}x\n")
  }
}
