import AccountFeedTestSupport
import AccountModel
import FeedService
import Testing

/// A follower's `FeedPosition` moves on to the target of each change it is sent, so it is sent
/// every change once.
@Suite struct FeedPositionTests {
  @Test func aPositionAtTheCurrentVersionHasNothingToSend() throws {
    try withService { service, _ in
      try seedTwoOwners(service)
      let current = try service.servedDocument(in: .owner("demo")).digest
      var position = FeedPosition(holding: current)
      #expect(try position.advance(in: .owner("demo"), with: service)?.target == nil)
      #expect(position.digest == current)
    }
  }

  @Test func aPositionMovesOnToTheTargetOfTheChangeItIsSent() throws {
    try withService { service, connection in
      try seedTwoOwners(service)
      let held = try service.servedDocument(in: .owner("demo")).digest
      try CatchUpTests.renameAroundTheService(connection, to: "바뀐 이름")
      var position = FeedPosition(holding: held)
      let changeset = try #require(try position.advance(in: .owner("demo"), with: service))
      let current = try service.servedDocument(in: .owner("demo")).digest
      #expect(changeset.base == held)
      #expect(changeset.target == current)
      #expect(position.digest == current)
      #expect(try position.advance(in: .owner("demo"), with: service)?.target == nil)
    }
  }

  @Test func aVersionTheServiceDoesNotKnowLeavesThePositionWhereItWas() throws {
    try withService { service, _ in
      try seedTwoOwners(service)
      let unknown = String(repeating: "ab", count: 32)
      var position = FeedPosition(holding: unknown)
      #expect(throws: FeedServiceError.self) {
        try position.advance(in: .owner("demo"), with: service)
      }
      #expect(position.digest == unknown)
    }
  }
}
