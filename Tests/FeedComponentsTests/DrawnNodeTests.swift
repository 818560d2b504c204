import Testing

@testable import FeedComponents

/// A node keeps only its drawn text (`drawnJSON`) besides its id and digest; its fields are read
/// back from that text, and a store can give the text back as it stored it.
@Suite struct DrawnNodeTests {
  static let node = ItemNode(
    id: "account/7", type: "account_row",
    props: ["title": "월급 통장", "value": "1,000원", "badge": ["new": true]],
    actions: ["touch": .openURL("app://accounts/7")], size: .fixed(height: 64),
    additionalFields: ["zzz": [1, 2]])

  @Test func theFieldsAreReadBackAsTheNodeWasDrawn() {
    let fields = Self.node.fields
    #expect(fields.type == "account_row")
    #expect(fields.props == ["title": "월급 통장", "value": "1,000원", "badge": ["new": true]])
    #expect(fields.actions == ["touch": .openURL("app://accounts/7")])
    #expect(fields.size == .fixed(height: 64))
    #expect(fields.additionalFields == ["zzz": [1, 2]])
  }

  @Test func theTypeAndPropsReadAloneAreTheFieldsReadWhole() {
    // Members named like the wanted ones, nested or sorting first, must not be taken for them.
    let node = ItemNode(
      id: "n", type: "row", props: ["type": "inner", "props": ["a": 1]],
      actions: ["touch": .custom(name: "props", payload: ["type": "x"])], size: .automatic,
      additionalFields: ["prop": "p", "typed": "t"])
    #expect(node.type == "row")
    #expect(node.props == ["type": "inner", "props": ["a": 1]])
    #expect(node.type == node.fields.type)
    #expect(node.props == node.fields.props)
  }

  @Test func aNodeMadeFromItsStoredTextIsTheSameNode() throws {
    let stored = try ItemNode(
      id: "account/7", drawnJSON: Self.node.drawnJSON, storedDigest: Self.node.digest)
    #expect(stored == Self.node)
    #expect(stored.json == Self.node.json)
  }

  @Test func storedTextThatIsNotJSONIsRefused() {
    #expect(throws: FeedDocumentError.self) {
      try ItemNode(id: "account/7", drawnJSON: "{\"type\":", storedDigest: Self.node.digest)
    }
  }

  @Test func storedTextWithoutAStringTypeIsRefused() {
    #expect(throws: FeedDocumentError.self) {
      try ItemNode(id: "account/7", drawnJSON: "{\"props\":{}}", storedDigest: Self.node.digest)
    }
  }
}

extension DrawnNodeTests {
  @Test func storedTextSpacedAsJSONBWritesItIsMadeCanonical() throws {
    let spaced = """
      {"size": {"mode": "fixed", "height": 64}, "type": "account_row", "props": {"title": "월급 통장", \
      "value": "1,000원", "badge": {"new": true}}, "actions": {"touch": {"url": "app://accounts/7", \
      "kind": "open_url"}}, "zzz": [1, 2]}
      """
    let stored = try ItemNode(id: "account/7", drawnJSON: spaced, storedDigest: Self.node.digest)
    #expect(stored.drawnJSON == Self.node.drawnJSON)
    #expect(stored == Self.node)
  }
}

/// A size a phone cannot draw is never written: a node drawn with one would be refused by every
/// reader, and stop the program only when someone read it.
@Suite struct NegativeHeightTests {
  @Test func aFixedSizeWithANegativeHeightStopsTheDrawing() async {
    await #expect(processExitsWith: .failure) {
      _ = ItemNode(id: "n", type: "row", props: [:], size: .fixed(height: -3))
    }
  }

  @Test func anEstimatedSizeWithANegativeHeightStopsTheDrawing() async {
    await #expect(processExitsWith: .failure) {
      _ = ItemNode(id: "n", type: "row", props: [:], size: .estimated(height: -1))
    }
  }

  @Test func aHeightOfZeroIsDrawnAndReadBack() {
    let node = ItemNode(id: "n", type: "row", props: [:], size: .fixed(height: 0))
    #expect(node.fields.size == .fixed(height: 0))
  }
}
