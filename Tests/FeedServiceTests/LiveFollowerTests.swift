import FeedService
import FeedWire
import Foundation
import Testing

/// A follower comparing live documents from a version its front end read itself (the preview
/// page, whose reads record nothing): the base is the document it keeps, never a snapshot.
@Suite struct LiveFollowerTests {
  @Test func aVersionNeverRecordedIsStillABaseForTheNextChange() throws {
    try ListeningDatabase.with { service, _, outsider in
      // Changed behind the service's back, so the live feed read is one no snapshot holds.
      try ListeningDatabase.renameFirstAccount(of: "demo", to: "read live", on: outsider)
      let read = try service.liveDocument(owner: "demo")
      #expect(try service.history(owner: "demo").allSatisfy { $0.info.digest != read.digest })
      let follower = FeedFollower(
        service: service, scope: .owner("demo"), holding: read.digest, mode: .compareLive)
      var updates: [FeedFollower.Update] = []
      try follower.catchUp { updates.append($0) }
      #expect(updates.isEmpty)
      try ListeningDatabase.renameFirstAccount(of: "demo", to: "renamed", on: outsider)
      try follower.catchUp { updates.append($0) }
      guard case .comparison(let comparison) = try #require(updates.first) else {
        Issue.record("expected a comparison, got \(updates)")
        return
      }
      #expect(comparison.wire.base == read.digest)
      #expect(comparison.wire.target == (try service.liveDocument(owner: "demo")).digest)
    }
  }

  @Test func aVersionThatIsNoLongerLiveGetsTheWholeFeed() throws {
    try ListeningDatabase.with { service, _, outsider in
      let read = try service.liveDocument(owner: "demo")
      try ListeningDatabase.renameFirstAccount(of: "demo", to: "renamed", on: outsider)
      let follower = FeedFollower(
        service: service, scope: .owner("demo"), holding: read.digest, mode: .compareLive)
      var updates: [FeedFollower.Update] = []
      try follower.catchUp { updates.append($0) }
      guard case .feed(let document) = try #require(updates.first) else {
        Issue.record("expected the feed, got \(updates)")
        return
      }
      #expect(document.digest != read.digest)
    }
  }
}
