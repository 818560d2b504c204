import Foundation
import Testing

@testable import AccountStore

/// The JSON text batches send: strings escape `"`, `\` and control characters, and nothing else.
@Suite struct JSONTextBufferTests {
  private func written(_ text: String) -> String {
    var buffer = JSONTextBuffer()
    buffer.string(text)
    return buffer.text
  }

  @Test func plainTextIsCopiedAsItIs() {
    #expect(written("account/12 계좌 ✓") == #""account/12 계좌 ✓""#)
  }

  @Test func quotesBackslashesAndControlCharactersAreEscaped() {
    #expect(written("a\"b\\c\nd\u{1}e\u{1F}") == #""a\"b\\c\u000ad\u0001e\u001f""#)
  }

  @Test func escapesAtEitherEndAndSideBySideKeepEveryByte() {
    #expect(written("\"\"x\\") == #""\"\"x\\""#)
    #expect(written("") == #""""#)
  }

  @Test func whatItWritesReadsBackAsTheSameText() throws {
    let texts = ["", "plain", "tab\there", "\u{0}\u{7F}", "\"quoted\" \\ 한국어 🎉"]
    for text in texts {
      let data = Data(written(text).utf8)
      #expect(
        try JSONSerialization.jsonObject(with: data, options: .fragmentsAllowed) as? String == text)
    }
  }
}
