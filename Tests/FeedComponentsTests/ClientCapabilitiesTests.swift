import FeedComponents
import Testing

/// The text a client sends to say what it draws, and how a mistake in it is reported.
@Suite struct ClientCapabilitiesTests {
  private func message(_ text: String) -> String? {
    do {
      _ = try ClientCapabilities(parsing: text)
      return nil
    } catch {
      return error.description
    }
  }

  @Test func theTextFormGivesTheVersionAndTheTypes() throws {
    let capabilities = try ClientCapabilities(parsing: "2.1:title, account_row")
    #expect(capabilities.schema == SchemaVersion(major: 2, minor: 1))
    #expect(capabilities.types == ["title", "account_row"])
  }

  @Test func theDescriptionIsCanonicalWithSortedTypes() throws {
    #expect(
      try ClientCapabilities(parsing: " 2.0 : title,account_row,title ").description
        == "2.0:account_row,title")
  }

  @Test func aSupportedClientsNameStandsForItsSet() throws {
    let oldest = try #require(SupportedClient.all.first)
    #expect(try ClientCapabilities(parsing: oldest.name) == oldest.capabilities)
  }

  @Test func typesThisServerDoesNotKnowAreAccepted() throws {
    #expect(try ClientCapabilities(parsing: "2.0:title,carousel").supports("carousel"))
  }

  @Test func everySupportedClientReadsTheVersionThisServerWrites() {
    for client in SupportedClient.all {
      #expect(
        client.capabilities.schema.major == FeedDocument.currentVersion.major, "\(client.name)")
    }
  }

  @Test func allCoversTheWholeVocabulary() {
    #expect(ClientCapabilities.all.types.contains("text_row"))
    #expect(ClientCapabilities.all.types.count == ContentVocabulary.contentTypes.count)
  }

  @Test func textWithoutAColonIsRefusedShowingTheForm() {
    #expect(
      message("title")
        == "invalid client capabilities 'title': expected VERSION:TYPE,TYPE,… such as "
        + "2.0:title,account_row,notice, or a supported client (app-1.0, app-1.4, app-2.0)")
  }

  @Test func aMalformedVersionIsRefused() {
    #expect(
      message("two:title") == "invalid client capabilities: 'two' is not a feed version such as 2.0"
    )
  }

  @Test func aVersionOfAnotherMajorIsRefused() {
    #expect(message("1.0:title") == "the client reads feed version 1.0, but this server writes 2.0")
  }

  @Test func anEmptyListOfTypesIsRefused() {
    #expect(
      message("2.0:")?.hasPrefix("invalid client capabilities: no component types listed") == true)
  }

  @Test func anEmptyTypeBetweenCommasIsRefused() {
    #expect(
      message("2.0:title,,notice")
        == "invalid client capabilities '2.0:title,,notice': an empty type between commas")
  }

  @Test func aTypeThatIsNotATypeNameIsRefused() {
    #expect(
      message("2.0:Title")
        == "invalid client capabilities: 'Title' is not a component type (a lowercase letter, "
        + "then lowercase letters, digits or '_')")
  }
}
