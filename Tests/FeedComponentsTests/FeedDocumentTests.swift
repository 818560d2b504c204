import Foundation
import Testing

@testable import FeedComponents

@Suite struct FeedDocumentTests {
  /// Seed 000's first two rows, written by hand the way an engineer writes a fixture: no digests,
  /// keys in no particular order.
  static let handWritten = """
    {
      "version": "2.0", "schema": "accountfeed.feed", "owner": "seed",
      "sections": [
        { "id": "accounts",
          "items": [
            { "id": "account/1", "type": "account_row",
              "props": { "value": "116,848원", "title": "토스뱅크 통장" },
              "actions": { "touch": { "url": "accountfeed://accounts/1", "kind": "open_url" } },
              "size": { "mode": "fixed", "height": 64 } },
            { "id": "account/2", "type": "account_row",
              "props": { "title": "저축 통장", "value": "20,000원" } }
          ] }
      ]
    }
    """

  private func decode(_ text: String) throws(FeedDocumentError) -> FeedDocument {
    try FeedDocument(data: Data(text.utf8))
  }

  private func decodingError(_ text: String) -> FeedDocumentError? {
    do {
      _ = try decode(text)
      return nil
    } catch {
      return error
    }
  }

  @Test func compactEncodingRoundTripsByteForByte() throws {
    let document = try seedFeed().render()
    let bytes = document.encoded()
    let decoded = try FeedDocument(data: bytes)
    #expect(decoded == document)
    #expect(decoded.encoded() == bytes)
  }

  @Test func prettyEncodingRoundTripsByteForByte() throws {
    let bytes = try seedFeed().render().encoded(pretty: true)
    #expect(try FeedDocument(data: bytes).encoded(pretty: true) == bytes)
  }

  @Test func handWrittenDocumentWithoutDigestsGetsTheDigestsOfTheRenderedRows() throws {
    let decoded = try decode(Self.handWritten)
    let rendered = try seedFeed().render().sections[0].items
    #expect(decoded.sections[0].items[0].digest == rendered[1].digest)
    #expect(decoded.sections[0].items[1].size == .automatic)
    #expect(decoded.sections[0].items[0].digest.count == 64)
  }

  @Test func storedDigestThatDoesNotMatchIsRefusedNamingTheItem() {
    let zeros = String(repeating: "0", count: 64)
    let tampered = Self.handWritten.replacingOccurrences(
      of: #""value": "20,000원" } }"#, with: #""value": "20,000원" }, "digest": "\#(zeros)" }"#)
    let error = decodingError(tampered)
    guard case .digestMismatch(let id, _, let stored, _)? = error else {
      Issue.record("expected a digest mismatch, got \(String(describing: error))")
      return
    }
    #expect(id == "account/2")
    #expect(stored == zeros)
    #expect(
      error?.description.hasPrefix(#"the digest of "account/2" (item 2 of section "accounts")"#)
        == true)
  }

  @Test func matchingStoredDigestsAreAccepted() throws {
    let encoded = String(decoding: try seedFeed().render().encoded(pretty: true), as: UTF8.self)
    #expect(encoded.contains(#""digest""#))
    _ = try decode(encoded)
  }

  @Test func editedPropUnderAStoredDigestIsRefused() throws {
    let encoded = String(decoding: try seedFeed().render().encoded(), as: UTF8.self)
    let edited = encoded.replacingOccurrences(of: "50,000원", with: "5,000,000원")
    guard case .digestMismatch(let id, _, _, _)? = decodingError(edited) else {
      Issue.record("an edited amount must not pass its digest")
      return
    }
    #expect(id == "account/3")
  }

  @Test func documentDigestThatDoesNotMatchIsRefused() throws {
    let encoded = String(decoding: try seedFeed().render().encoded(), as: UTF8.self)
    let digest = try seedFeed().render().digest
    let edited = encoded.replacingOccurrences(
      of: #""digest":"\#(digest)""#, with: #""digest":"\#(String(repeating: "f", count: 64))""#)
    #expect(edited != encoded)
    guard case .digestMismatch(let id, _, _, let computed)? = decodingError(edited) else {
      Issue.record("a wrong document digest must be refused")
      return
    }
    #expect(id == "document")
    #expect(computed == digest)
  }

  @Test func unknownNodeTypeIsKeptAndReencodedInCanonicalForm() throws {
    let unknownItem = """
      {"actions":{"touch":{"kind":"play_animation","loop":true}},"id":"promo/1",\
      "props":{"ratio":0.75,"slides":[{"image":"a.png"},{"image":"b.png"}]},\
      "shimmer":{"speed":2},"size":{"aspect":"16:9","mode":"aspect"},"type":"promo_carousel"}
      """
    let document = try decode(
      #"{"schema":"accountfeed.feed","version":"2.0","owner":"o","sections":[{"id":"promo","items":["#
        + unknownItem + "]}]}")
    let node = document.sections[0].items[0]
    #expect(node.isOpaque)
    guard case .object(var members) = node.json else {
      Issue.record("a node encodes to an object")
      return
    }
    #expect(members.removeValue(forKey: "digest") == .string(node.digest))
    #expect(CanonicalJSONWriter().string(.object(members)) == unknownItem)
    #expect(try FeedDocument(data: document.encoded()).encoded() == document.encoded())
  }

  @Test func unknownMajorVersionIsRefused() {
    let error = decodingError(Self.handWritten.replacingOccurrences(of: #""2.0""#, with: #""3.0""#))
    #expect(error == .unsupportedVersion(found: "3.0", readableMajors: 1...2))
    #expect(
      error?.description
        == "the feed document has version 3.0, but this reader understands only major versions 1 to 2"
    )
  }

  @Test func newerMinorVersionIsReadAndItsFieldsKept() throws {
    let newer = Self.handWritten
      .replacingOccurrences(of: #""2.0""#, with: #""2.4""#)
      .replacingOccurrences(of: #""owner": "seed","#, with: #""owner": "seed", "theme": "dark","#)
    let document = try decode(newer)
    #expect(document.version == SchemaVersion(major: 2, minor: 4))
    #expect(document.additionalFields == ["theme": "dark"])
    #expect(document.json["theme"] == "dark")
    #expect(document.json["version"] == "2.4")
  }

  @Test func aVersion1DocumentIsReadAsTheCurrentVersionWithoutItsRevision() throws {
    let current = try decode(Self.handWritten)
    let older = try decode(
      Self.handWritten
        .replacingOccurrences(of: #""2.0""#, with: #""1.0""#)
        .replacingOccurrences(of: #""owner": "seed","#, with: #""owner": "seed", "revision": 7,"#))
    #expect(older == current)
    #expect(older.version == FeedDocument.currentVersion)
    #expect(older.json["revision"] == nil)
  }

  @Test func aVersion1DocumentStillNeedsAnIntegerRevision() {
    let older = Self.handWritten.replacingOccurrences(of: #""2.0""#, with: #""1.0""#)
    #expect(
      decodingError(older) == .invalidField(path: "revision", reason: "it must be an integer"))
  }

  @Test func aVersion2DocumentKeepsAFieldNamedRevisionAsAnAdditionalField() throws {
    let document = try decode(
      Self.handWritten.replacingOccurrences(
        of: #""owner": "seed","#, with: #""owner": "seed", "revision": 7,"#))
    #expect(document.additionalFields == ["revision": 7])
  }

  @Test func duplicateItemIdNamesTheIdAndBothPlaces() {
    let feed = Feed(owner: "o") {
      Section(id: "accounts") { AccountRowComponent(item: seedAccounts[0]) }
      Section(id: "savings") {
        AccountRowComponent(item: seedAccounts[1])
        AccountRowComponent(item: seedAccounts[0])
      }
    }
    #expect {
      try feed.render()
    } throws: { error in
      "\(error)"
        == #"the id "account/1" is used twice: by item 1 of section "accounts" and by item 2 of section "savings""#
    }
  }

  /// A document of a few ids compares each with those before it, one of many hashes them: the
  /// same repeat is found, and named, either way.
  @Test(arguments: [3, 100])
  func aFooterRepeatingAnItemIsFoundAmongFewIdsAndAmongMany(rows: Int) {
    let last = "row/\(rows - 1)"
    let feed = Feed(owner: "o") {
      Section(id: "s", footer: AnyComponent(TitleComponent(id: last, text: "end"))) {
        (0..<rows).map { TitleComponent(id: "row/\($0)", text: "x") }
      }
    }
    #expect(
      throws: FeedDocumentError.duplicateID(
        id: last, first: "item \(rows) of section \"s\"", second: "the footer of section \"s\"")
    ) {
      try feed.render()
    }
  }

  @Test(arguments: [3, 100])
  func aHeaderRepeatingAnItemOfAnEarlierSectionIsFound(rows: Int) {
    let feed = Feed(owner: "o") {
      Section(id: "a") { (0..<rows).map { TitleComponent(id: "row/\($0)", text: "x") } }
      Section(id: "b", header: AnyComponent(TitleComponent(id: "row/0", text: "again"))) {}
    }
    #expect(
      throws: FeedDocumentError.duplicateID(
        id: "row/0", first: "item 1 of section \"a\"", second: "the header of section \"b\"")
    ) {
      try feed.render()
    }
  }

  @Test func duplicateSectionIdIsRefused() {
    let feed = Feed(owner: "o") {
      Section(id: "accounts") {}
      Section(id: "accounts") {}
    }
    #expect(
      throws: FeedDocumentError.duplicateID(id: "accounts", first: "section 1", second: "section 2")
    ) {
      try feed.render()
    }
  }

  @Test func emptyItemIdIsRefused() {
    let feed = Feed(owner: "o") {
      Section(id: "s") { TitleComponent(id: "", text: "x") }
    }
    #expect {
      try feed.render()
    } throws: { error in
      "\(error)" == #"the id "" of item 1 of section "s" is not valid: it is empty"#
    }
  }

  @Test func idSyntaxAcceptsRowKeysAndRefusesOthers() {
    for valid in ["accounts", "account/42", "notice/7", "total/KRW", "a.b_c-d/1/2"] {
      #expect(FeedIdentifier.isValid(valid), "\(valid)")
    }
    for invalid in ["", "account/", "/account", "account//1", "account 42", "계좌/1", "a?b"] {
      #expect(!FeedIdentifier.isValid(invalid), "\(invalid)")
    }
  }

  @Test func missingFieldErrorSaysWhere() {
    let broken = Self.handWritten.replacingOccurrences(
      of: #"{ "id": "account/2", "type": "account_row","#, with: #"{ "id": "account/2","#)
    #expect(
      decodingError(broken)?.description
        == "the feed document's sections[0].items[1].type is invalid: it must be a string")
  }

  @Test func notAFeedDocumentIsRefused() {
    #expect(decodingError(#"{"hello":"world"}"#) == .unknownSchema(nil))
    guard case .notJSON? = decodingError("{") else {
      Issue.record("truncated JSON must be reported as not JSON")
      return
    }
  }

  @Test func sameContentGivesTheSameDigestsWhateverTheOwner() throws {
    let first = try seedFeed().render()
    let second = try Feed(owner: "someone-else", sections: seedFeed().sections)
      .render()
    #expect(first.digest == second.digest)
    #expect(first.sections[0].digest == second.sections[0].digest)
  }

  @Test func itemDigestChangesWhenAnyDrawnFieldChanges() {
    let base = ItemNode(
      id: "account/1", type: "account_row", props: ["title": "토스뱅크 통장", "value": "116,848원"],
      actions: [.touch: .openURL("a")], size: .fixed(height: 64))
    let variants = [
      ItemNode(
        id: "account/1", type: "account_row", props: ["title": "토스뱅크 통장", "value": "116,849원"],
        actions: [.touch: .openURL("a")], size: .fixed(height: 64)),
      ItemNode(
        id: "account/1", type: "account_row", props: ["title": "토스뱅크  통장", "value": "116,848원"],
        actions: [.touch: .openURL("a")], size: .fixed(height: 64)),
      ItemNode(
        id: "account/1", type: "account_row",
        props: ["title": "토스뱅크 통장", "value": "116,848원", "subtitle": "입출금"],
        actions: [.touch: .openURL("a")], size: .fixed(height: 64)),
      ItemNode(
        id: "account/1", type: "account_row", props: ["title": "토스뱅크 통장", "value": "116,848원"],
        actions: [.touch: .openURL("b")], size: .fixed(height: 64)),
      ItemNode(
        id: "account/1", type: "account_row", props: ["title": "토스뱅크 통장", "value": "116,848원"],
        actions: [:], size: .fixed(height: 64)),
      ItemNode(
        id: "account/1", type: "account_row", props: ["title": "토스뱅크 통장", "value": "116,848원"],
        actions: [.touch: .openURL("a")], size: .estimated(height: 64)),
      ItemNode(
        id: "account/1", type: "summary_row", props: ["title": "토스뱅크 통장", "value": "116,848원"],
        actions: [.touch: .openURL("a")], size: .fixed(height: 64)),
    ]
    let digests = Set(variants.map(\.digest) + [base.digest])
    #expect(digests.count == variants.count + 1)
  }

  @Test func sectionDigestChangesWhenItemsAreReordered() throws {
    let rows = seedAccounts.map { AccountRowComponent(item: $0) }
    let forward = try Feed(owner: "o") { Section(id: "s") { rows } }.render()
    let backward = try Feed(owner: "o") { Section(id: "s") { rows.reversed() } }
      .render()
    #expect(forward.sections[0].digest != backward.sections[0].digest)
    #expect(forward.digest != backward.digest)
  }

  @Test func digestIsTheSameInAnotherProcess() throws {
    let swiftc = try #require(Toolchain.swiftc(), "swiftc must be found to build the child process")
    let build = try #require(Toolchain.buildDirectory(), "the built FeedComponents must be found")
    let objects = Toolchain.libraryObjects(in: build)
    try #require(!objects.isEmpty, "FeedComponents' object files must be found")
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("digest-child-\(ProcessInfo.processInfo.processIdentifier)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let fixture = directory.appendingPathComponent("feed.json")
    try Data(Self.handWritten.utf8).write(to: fixture)
    let source = """
      import Foundation
      import FeedComponents

      let data = try Data(contentsOf: URL(fileURLWithPath: CommandLine.arguments[1]))
      let document = try FeedDocument(data: data)
      print(document.digest)
      for item in document.sections.flatMap(\\.items) { print(item.digest) }
      print(SHA256.hexDigest(of: Array(document.encoded())))
      """
    let main = directory.appendingPathComponent("main.swift")
    try source.write(to: main, atomically: true, encoding: .utf8)
    let executable = directory.appendingPathComponent("child").path
    let compiled = try ChildProcess.run(
      swiftc,
      ["-swift-version", "6"] + Toolchain.importArguments(for: build) + [main.path]
        + objects + ["-o", executable])
    try #require(compiled.status == 0, "the child must compile: \(compiled.output)")

    let child = try ChildProcess.run(executable, [fixture.path])
    #expect(child.status == 0, "\(child.output)")
    let document = try decode(Self.handWritten)
    let here =
      [document.digest] + document.sections.flatMap(\.items).map(\.digest)
      + [SHA256.hexDigest(of: Array(document.encoded()))]
    #expect(child.output.split(separator: "\n").map(String.init) == here)
  }
}
