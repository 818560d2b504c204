import AccountFeedTestSupport
import AccountModel
import AccountStore
import FeedComponents
import FeedService
import Foundation
import Testing

/// Actions a phone sends back: parsed strictly, applied only to the token's owner.
@Suite struct FeedActionTests {
  @Test func aDismissActionFromTheDocumentParses() throws {
    let action = try FeedAction(json: Data(#"{"kind": "dismiss_notice", "id": "notice/12"}"#.utf8))
    #expect(action == .dismissNotice(id: 12))
  }

  @Test(arguments: [
    "not json", "[]", #"{"kind": "dismiss_notice"}"#, #"{"kind": "launch", "id": "notice/1"}"#,
    #"{"kind": "open_url", "url": "https://example.com"}"#,
    #"{"kind": "dismiss_notice", "id": "notice/01"}"#,
    #"{"kind": "dismiss_notice", "id": "notice/-1"}"#,
    #"{"kind": "dismiss_notice", "id": "notice/0"}"#,
    #"{"kind": "dismiss_notice", "id": "account/1"}"#,
    #"{"kind": "dismiss_notice", "id": "notice/1", "extra": true}"#,
    #"{"kind": "dismiss_notice", "id": "notice/99999999999999999999"}"#,
  ])
  func aMalformedActionIsInvalidInput(_ body: String) {
    let error = #expect(throws: FeedServiceError.self) { try FeedAction(json: Data(body.utf8)) }
    guard error?.kind == .invalidInput else {
      Issue.record("not invalidInput: \(String(describing: error))")
      return
    }
  }

  @Test func anOversizedActionIsRefusedUnread() {
    let body =
      #"{"kind": "dismiss_notice", "id": "notice/1", "pad": ""#
      + String(repeating: " ", count: FeedAction.byteLimit) + #""}"#
    #expect(
      throws: FeedServiceError.invalidInput(
        "an action must be at most \(FeedAction.byteLimit) bytes of JSON, got \(body.utf8.count)")
    ) { try FeedAction(json: Data(body.utf8)) }
  }

  @Test func dismissingANoticeTakesItOffTheFeed() throws {
    try withService { service, _ in
      let (_, notice) = try seedTwoOwners(service)
      let document = try service.perform(.dismissNotice(id: notice), in: .owner("demo"))
      let ids = document.sections.flatMap(\.items).map(\.id)
      #expect(!ids.contains("notice/\(notice)"))
      #expect(document.digest == (try service.liveDocument(owner: "demo").digest))
    }
  }

  @Test func dismissingADismissedNoticeChangesNothingAndIsNoError() throws {
    try withService { service, connection in
      let (_, notice) = try seedTwoOwners(service)
      let first = try service.perform(.dismissNotice(id: notice), in: .owner("demo"))
      let before = try connection.dumpOfEveryTable()
      let second = try service.perform(.dismissNotice(id: notice), in: .owner("demo"))
      #expect(second.digest == first.digest)
      #expect(try connection.dumpOfEveryTable() == before)
    }
  }

  @Test func anotherOwnersNoticeIsNotFoundAndChangesNothing() throws {
    try withService { service, connection in
      let (_, notice) = try seedTwoOwners(service)
      let before = try connection.dumpOfEveryTable()
      #expect(
        throws: FeedServiceError.notFound("notice/\(notice) is not in the feed of owner 'carol'")
      ) {
        try service.perform(.dismissNotice(id: notice), in: .owner("carol"))
      }
      #expect(try connection.dumpOfEveryTable() == before)
    }
  }

  @Test func aMissingNoticeIsNotFoundInTheSameWords() throws {
    try withService { service, connection in
      try seedTwoOwners(service)
      let before = try connection.dumpOfEveryTable()
      #expect(throws: FeedServiceError.notFound("notice/999 is not in the feed of owner 'carol'")) {
        try service.perform(.dismissNotice(id: 999), in: .owner("carol"))
      }
      #expect(try connection.dumpOfEveryTable() == before)
    }
  }

  @Test func aNoticeThatCannotBeDismissedIsRefusedAndChangesNothing() throws {
    try withService { service, connection in
      try seedTwoOwners(service)
      let results = try service.apply(
        [.addNotice(ownerID: "carol", NewNotice(message: "Stays", dismissible: false))],
        in: .owner("carol"), reason: "setup")
      guard case .notice(let fixed) = results[0].result else {
        Issue.record("no notice added")
        return
      }
      let before = try connection.dumpOfEveryTable()
      #expect(throws: FeedServiceError.self) {
        try service.perform(.dismissNotice(id: fixed.id), in: .owner("carol"))
      }
      #expect(try connection.dumpOfEveryTable() == before)
    }
  }
}
