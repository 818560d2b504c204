import Testing

@testable import FeedComponents

@Suite struct CanonicalJSONTests {
  @Test func objectKeysAreSortedByTheirUTF8Bytes() {
    let value: JSONValue = ["b": 1, "a": 2, "가": 3, "Z": 4, "aa": 5]
    #expect(CanonicalJSONWriter().string(value) == #"{"Z":4,"a":2,"aa":5,"b":1,"가":3}"#)
  }

  @Test func stringsEscapeOnlyWhatJSONRequires() {
    let value: JSONValue = .string("\"\\/\n\t\r\u{08}\u{0C}\u{01}\u{1F} 원 😀")
    #expect(
      CanonicalJSONWriter().string(value) == #""\"\\/\n\t\r\b\f\u0001\u001f 원 😀""#)
  }

  /// Strings are scanned eight bytes at a time: a byte that needs an escape is found at every
  /// place in a word, and the bytes just beside the escaped ranges (space, DEL, `#`, `[`,
  /// non-ASCII) are kept as they are.
  @Test(arguments: ["\"", "\\", "\n", "\u{00}", "\u{1F}", " ", "\u{7F}", "#", "[", "é", "원"])
  func aCharacterIsWrittenTheSameAtEveryPlaceInALongString(character: String) {
    let expected: String
    switch character {
    case "\"": expected = #"\""#
    case "\\": expected = #"\\"#
    case "\n": expected = #"\n"#
    case "\u{00}": expected = #"\u0000"#
    case "\u{1F}": expected = #"\u001f"#
    default: expected = character
    }
    for place in 0..<24 {
      let before = String(repeating: "a", count: place)
      let after = String(repeating: "b", count: 23 - place)
      #expect(
        CanonicalJSONWriter().string(.string(before + character + after))
          == "\"" + before + expected + after + "\"")
    }
  }

  @Test func prettyFormIndentsByTwoSpaces() {
    let value: JSONValue = ["list": [1, true, nil], "empty": [:], "none": []]
    let expected = """
      {
        "empty": {},
        "list": [
          1,
          true,
          null
        ],
        "none": []
      }
      """
    #expect(CanonicalJSONWriter(pretty: true).string(value) == expected)
  }

  /// `indent` adds the pretty form's whitespace to compact text, skipping strings eight bytes
  /// at a time: a quote, a backslash or a bracket inside a string, at every place in a word,
  /// must not be taken for structure, and empty containers stay on one line.
  @Test(arguments: ["\"", "\\", "{", "]", ",", ":", "원", "\\\""])
  func indentedCompactTextIsThePrettyForm(character: String) {
    for place in 0..<20 {
      let text = String(repeating: "a", count: place) + character + String(repeating: "b", count: 9)
      let value: JSONValue = [
        "name": .string(text), "nested": ["list": [.string(text), [:], []], "empty": [:]],
        text: [1, .string(character)],
      ]
      let compact = Array(CanonicalJSONWriter().string(value).utf8)
      for depth in 0..<3 {
        var indented: [UInt8] = []
        compact.withUnsafeBytes { CanonicalJSONWriter.indent($0, depth: depth, into: &indented) }
        var expected: [UInt8] = []
        CanonicalJSONWriter(pretty: true).write(value, depth: depth, into: &expected)
        #expect(indented == expected, "\(text) at depth \(depth)")
      }
    }
  }

  /// Indentation is copied from a fixed run of spaces; a value nested deeper than that run is
  /// long still gets its full indentation, written or added to compact text (whose pretty form
  /// is then many times its length, more than `indent` first makes room for).
  @Test func deepNestingIsIndentedInFull() {
    var value: JSONValue = 1
    for _ in 0..<40 { value = [value, "x"] }
    let pretty = CanonicalJSONWriter(pretty: true).string(value)
    let lines = pretty.split(separator: "\n")
    #expect(lines.count == 121)
    #expect(lines[40] == String(repeating: " ", count: 80) + "1,")
    let compact = Array(CanonicalJSONWriter().string(value).utf8)
    var indented: [UInt8] = []
    compact.withUnsafeBytes { CanonicalJSONWriter.indent($0, depth: 0, into: &indented) }
    #expect(String(decoding: indented, as: UTF8.self) == pretty)
  }

  @Test func decimalsKeepTheirSourceTextThroughARoundTrip() throws {
    let text = #"{"rate":1.50,"tiny":-2.5e-10}"#
    let value = try JSONParser.parse(Array(text.utf8))
    #expect(value["rate"] == .decimal("1.50"))
    #expect(CanonicalJSONWriter().string(value) == text)
  }

  @Test func integersStayExactAtTheEdgesOfSixtyFourBits() throws {
    let text = "[9223372036854775807,-9223372036854775808,0]"
    let value = try JSONParser.parse(Array(text.utf8))
    #expect(value == [.integer(Int.max), .integer(Int.min), 0])
    #expect(CanonicalJSONWriter().string(value) == text)
  }

  @Test func integerTooLargeIsRefused() {
    #expect(throws: JSONParseError.self) {
      try JSONParser.parse(Array("9223372036854775808".utf8))
    }
  }

  @Test func duplicateKeysAreRefusedWithTheKeyNamed() {
    #expect {
      try JSONParser.parse(Array(#"{"id":1,"id":2}"#.utf8))
    } throws: { error in
      (error as? JSONParseError)?.description.contains(#"duplicate key "id""#) == true
    }
  }

  @Test func escapesAndSurrogatePairsAreDecoded() throws {
    let value = try JSONParser.parse(Array(#""\u0041\uD83D\uDE00\n""#.utf8))
    #expect(value == .string("A😀\n"))
  }

  @Test func malformedInputGivesAnErrorWithItsOffset() {
    #expect {
      try JSONParser.parse(Array("[1, 2,]".utf8))
    } throws: { error in
      (error as? JSONParseError)?.offset == 6
    }
  }

  @Test func parsingThenWritingCanonicalTextGivesTheSameBytes() throws {
    let text = #"{"a":[1,"x",{"b":null,"c":false}],"d":"원"}"#
    #expect(CanonicalJSONWriter().string(try JSONParser.parse(Array(text.utf8))) == text)
  }
}
