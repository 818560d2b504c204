import AccountFeedTestSupport
import AccountModel
import FeedAssembler
import FeedComponents
import FeedWire
import Foundation
import Testing

/// `docs/openapi.json`, the phone API's contract, checked by programs that did not write it:
/// openapi-spec-validator reads the whole document, and jsonschema holds what the real writers
/// produce — generated feeds, the real screens, the changesets between them — against its
/// schemas. Needs `scripts/setup test` (the Python environment at `.build/python`).
@Suite("The phone API's contract")
struct ContractTests {
  static let screenNames = ["accounts", "home", "settings"]

  @Test func theContractIsAValidOpenAPIDocument() throws {
    let run = try Contract.run("openapi-spec-validator", [Contract.document.path])
    #expect(run.status == 0, "\(run.output)")
  }

  @Test func theContractIsCanonicalPrettyJSONSoItsBytesAreStable() throws {
    let bytes = try Data(contentsOf: Contract.document)
    let canonical = CanonicalJSONWriter(pretty: true).data(try JSONParser.parse(Array(bytes)))
    #expect(bytes == canonical + Data("\n".utf8))
  }

  @Test func everyGeneratedDocumentMatchesTheFeedDocumentSchema() throws {
    let corpus = try Corpus()
    for document in try Self.documents(seed: 30) { try corpus.add(document.encoded()) }
    let run = try Contract.validate(corpus.files, against: "FeedDocument")
    #expect(run.status == 0, "\(run.output)")
  }

  @Test func everyScreenTheAssemblerDrawsMatchesTheFeedDocumentSchema() throws {
    var feeds = RandomScreens(seed: 31)
    let corpus = try Corpus()
    for document in try Self.screens(&feeds) { try corpus.add(document.encoded()) }
    let run = try Contract.validate(corpus.files, against: "FeedDocument")
    #expect(run.status == 0, "\(run.output)")
  }

  @Test func everyChangesetBetweenConsecutiveDocumentsMatchesTheChangesetSchema() throws {
    var feeds = RandomScreens(seed: 32)
    let corpus = try Corpus()
    let catalog = try Self.catalog()
    var sequences = [try Self.documents(seed: 32)]
    for name in Self.screenNames {
      sequences.append(try feeds.screens(of: try catalog.layout(of: name), count: 50))
    }
    for documents in sequences {
      for (base, target) in zip(documents, documents.dropFirst()) {
        try corpus.add(WireChangeset(from: base, to: target).encoded())
      }
    }
    let run = try Contract.validate(corpus.files, against: "Changeset")
    #expect(run.status == 0, "\(run.output)")
  }

  @Test func theChangesetToTheSameDocumentHasNoStagesAndMatchesTheSchema() throws {
    let document = try #require(try Self.documents(seed: 33).first)
    let changeset = WireChangeset(from: document, to: document).encoded()
    #expect(String(decoding: changeset, as: UTF8.self).contains(#""stages":[]"#))
    let corpus = try Corpus()
    try corpus.add(changeset)
    let run = try Contract.validate(corpus.files, against: "Changeset")
    #expect(run.status == 0, "\(run.output)")
  }

  @Test func everyActionTheServerPerformsIsAValidRequestBodyAsThePhoneSendsItBack() throws {
    var feeds = RandomScreens(seed: 34)
    let corpus = try Corpus()
    for document in try Self.screens(&feeds) {
      for section in document.sections {
        for item in section.items {
          for action in item.actions.values {
            if case .dismissNotice = action {
              try corpus.add(CanonicalJSONWriter().data(action.json))
            } else if VisibilityAction(action) != nil, var body = action.json.objectValue {
              body["is_on"] = .bool(item.props["is_on"] != .bool(true))
              try corpus.add(CanonicalJSONWriter().data(.object(body)))
            }
          }
        }
      }
    }
    try #require(corpus.files.count > 10)
    let run = try Contract.validate(corpus.files, against: "ActionRequest")
    #expect(run.status == 0, "\(run.output)")
  }

  @Test func aDocumentWithATamperedDigestIsRejected() throws {
    let document = try #require(try Self.documents(seed: 35).first)
    var json = try #require(try JSONParser.parse(Array(document.encoded())).objectValue)
    json["digest"] = .string(document.digest.uppercased())
    let corpus = try Corpus()
    try corpus.add(CanonicalJSONWriter().data(.object(json)))
    let run = try Contract.validate(corpus.files, against: "FeedDocument")
    #expect(run.status == 1)
    #expect(run.output.contains("\(corpus.files[0].path): ['digest']: "))
    #expect(run.output.contains("does not match '^[0-9a-f]{64}$'"))
  }

  @Test func anAccountRowWithoutItsValueIsRejected() throws {
    let row = ItemNode(id: "account/1", type: "account_row", props: ["title": "통장"])
    let document = try FeedDocument(
      owner: "demo", sections: [SectionNode(id: "accounts", items: [row])])
    let corpus = try Corpus()
    try corpus.add(document.encoded())
    let run = try Contract.validate(corpus.files, against: "FeedDocument")
    #expect(run.status == 1)
    #expect(run.output.contains("'value' is a required property"))
  }

  @Test func anActionThePhoneCarriesOutIsNoRequestBody() throws {
    let corpus = try Corpus()
    try corpus.add(CanonicalJSONWriter().data(Action.openURL("accountfeed://accounts/1").json))
    let run = try Contract.validate(corpus.files, against: "ActionRequest")
    #expect(run.status == 1)
  }

  /// 200 documents of the shared generator, with the props each known type requires: a base
  /// and its target after every kind of change, pair after pair (so of two neighbours, one is
  /// the other changed, or the next pair's unrelated base).
  static func documents(seed: UInt64) throws -> [FeedDocument] {
    var documents = RandomDocuments(seed: seed, props: .typed)
    return try (0..<100).flatMap { n in
      let (base, target) = try documents.pair(case: n)
      return [base, target]
    }
  }

  // MARK: The real screens

  /// The screen layouts of `config/screens` (a test of FeedAssembler keeps them the built-in ones).
  static func catalog() throws -> ScreenCatalog {
    try ScreenCatalog.load(directory: Contract.screens.path)
  }

  /// 50 documents of each screen in `config/screens`, drawn from changing rows.
  static func screens(_ feeds: inout RandomScreens) throws -> [FeedDocument] {
    let catalog = try catalog()
    return try screenNames.flatMap { try feeds.screens(of: try catalog.layout(of: $0), count: 50) }
  }
}
