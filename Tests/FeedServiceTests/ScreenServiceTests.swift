import AccountFeedTestSupport
import AccountModel
import AccountStore
import FeedAssembler
import FeedComponents
import FeedService
import Foundation
import Testing

/// The screen use cases on a real database: every screen of the demo owner, built for a client,
/// and the settings switch carried out.
@Suite struct ScreenServiceTests {
  private static let oldest = SupportedClient.all[0].capabilities

  @Test(arguments: ScreenCatalog.builtIn.names)
  func everyScreenOfTheDemoOwnerIsBuiltAndSaysWhichScreenItIs(screen: String) throws {
    try withService { service, _ in
      _ = try service.seedDemo()
      let document = try service.screenDocument(screen, owner: "demo", capabilities: nil)
      #expect(document.screen == screen)
      #expect(document.capabilities == nil)
      #expect(document.itemsWithPlaces.count > 1)
    }
  }

  @Test func theHomeScreenIsTheLiveFeed() throws {
    try withService { service, _ in
      _ = try service.seedDemo()
      let home = try service.screenDocument("home", owner: "demo", capabilities: nil)
      #expect(home.digest == (try service.liveDocument(owner: "demo")).digest)
    }
  }

  @Test func theAccountsScreenOfTheDemoOwnerTotalsItsThreeAccounts() throws {
    try withService { service, _ in
      _ = try service.seedDemo()
      let accounts = try service.screenDocument("accounts", owner: "demo", capabilities: nil)
      let total = try #require(accounts.sections.first { $0.id == "total" }?.items.first)
      #expect(total.props["value"] == "186,848원")
      #expect(accounts.sections.map(\.id).filter { $0.hasPrefix("accounts/") }.count == 2)
    }
  }

  @Test func aScreenForAClientHoldsOnlyWhatItDrawsAndRecordsTheSet() throws {
    try withService { service, _ in
      _ = try service.seedDemo()
      let settings = try service.screenDocument(
        "settings", owner: "demo", capabilities: Self.oldest)
      #expect(settings.capabilities == Self.oldest)
      #expect(settings.itemsWithPlaces.allSatisfy { Self.oldest.supports($0.item.type) })
    }
  }

  @Test func theSameRowsForTheSameClientGiveTheSameBytes() throws {
    try withService { service, _ in
      _ = try service.seedDemo()
      let first = try service.screenDocument("settings", owner: "demo", capabilities: Self.oldest)
      let second = try service.screenDocument("settings", owner: "demo", capabilities: Self.oldest)
      #expect(first.encoded() == second.encoded())
    }
  }

  @Test func aScopedScreenIsTheScopesOwners() throws {
    try withService { service, _ in
      try seedTwoOwners(service)
      let carols = try service.screenDocument("settings", in: .owner("carol"), capabilities: nil)
      #expect(carols.owner == "carol")
      #expect(throws: FeedServiceError.ownerRequired) {
        try service.screenDocument("settings", in: .anyOwner, capabilities: nil)
      }
    }
  }

  @Test func anUnknownScreenIsRefusedBeforeTheDatabaseIsOpened() throws {
    let service = FeedService { throw FeedServiceError.notFound("no database in this test") }
    #expect(throws: ScreenError.unknown("wallet", known: ["accounts", "home", "settings"])) {
      try service.screenDocument("wallet", owner: "demo", capabilities: nil)
    }
  }

  @Test func hidingAnAccountTurnsItsSwitchOffAndTakesItOffHome() throws {
    try withService { service, _ in
      let (account, _) = try seedTwoOwners(service)
      try service.setAccountVisibility(account, visible: false, in: .owner("demo"))
      let settings = try service.screenDocument("settings", owner: "demo", capabilities: nil)
      let row = try #require(
        settings.itemsWithPlaces.first { $0.item.id == "visibility/\(account)" })
      #expect(row.item.props["is_on"] == false)
      #expect(!(try service.liveDocument(owner: "demo")).itemIDs.contains("account/\(account)"))
    }
  }

  @Test func aSwitchSentBackByThePhoneChangesTheAccount() throws {
    try withService { service, _ in
      let (account, _) = try seedTwoOwners(service)
      let settings = try service.screenDocument("settings", owner: "demo", capabilities: nil)
      let toggle = try #require(
        settings.itemsWithPlaces.first { $0.item.id == "visibility/\(account)" }?.item
          .actions["toggle"])
      var body = try #require(toggle.json.objectValue)
      body["is_on"] = false
      let action = try FeedAction(json: CanonicalJSONWriter().data(.object(body)))
      #expect(action == .setAccountVisibility(id: account, visible: false))
      let home = try service.perform(action, in: .owner("demo"))
      #expect(!home.itemIDs.contains("account/\(account)"))
    }
  }

  @Test func aSwitchForAnotherOwnersAccountIsNotFound() throws {
    try withService { service, _ in
      try seedTwoOwners(service)
      let carols = try service.accounts(owner: "carol")[0].id
      #expect(
        throws: FeedServiceError.notFound("account/\(carols) is not in the feed of owner 'demo'")
      ) {
        try service.perform(.setAccountVisibility(id: carols, visible: false), in: .owner("demo"))
      }
      #expect(try service.accounts(owner: "carol")[0].hidden == false)
    }
  }

  @Test func aSwitchActionWithoutItsNewStateIsRefused() {
    let body =
      #"{"kind": "custom", "name": "set_account_visibility", "payload": {"account": "account/3"}}"#
    #expect(
      throws: FeedServiceError.invalidInput(
        "a set_account_visibility action needs \"is_on\": the switch's new state, true or false")
    ) { try FeedAction(json: Data(body.utf8)) }
  }

  @Test func aNewStateBesideAnActionThatIsNoSwitchIsRefused() {
    let body = #"{"kind": "dismiss_notice", "id": "notice/1", "is_on": true}"#
    #expect(throws: FeedServiceError.self) { try FeedAction(json: Data(body.utf8)) }
  }

  @Test func aSnapshotOfAnotherScreenIsRefused() throws {
    try withService { service, _ in
      _ = try service.seedDemo()
      #expect(
        throws: FeedServiceError.invalidInput(
          "'1' is a feed of screen 'home', not of screen 'settings'")
      ) {
        try service.screenDocument(
          .sequence(1), screen: "settings", owner: "demo", capabilities: nil)
      }
    }
  }

  @Test func aScreensLatestSnapshotIsItsOwnAndLeavesHomesAlone() throws {
    try withService { service, _ in
      _ = try service.seedDemo()
      let home = try service.document(.latest(back: 0), owner: "demo")
      _ = try service.takeSnapshot(owner: "demo", screen: "settings", label: nil)
      let settings = try service.screenDocument(
        .latest(back: 0), screen: "settings", owner: "demo", capabilities: nil)
      #expect(settings.screen == "settings")
      #expect(
        settings.encoded()
          == (try service.screenDocument("settings", owner: "demo", capabilities: nil)).encoded())
      #expect(try service.document(.latest(back: 0), owner: "demo") == home)
    }
  }

  @Test func aStoredFeedBuiltForEveryTypeIsNotComparedAsAnotherClientsFeed() throws {
    try withService { service, _ in
      _ = try service.seedDemo()
      #expect(throws: FeedServiceError.self) {
        try service.compareScreen(
          .latest(back: 0), .live, screen: "home", owner: "demo", capabilities: Self.oldest)
      }
    }
  }
}

extension FeedDocument {
  fileprivate var itemIDs: [String] {
    itemsWithPlaces.map(\.item.id)
  }
}
