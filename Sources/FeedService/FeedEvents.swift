import AccountModel
import AccountStore
import Foundation
import Postgres
import Synchronization

/// Tells subscribers when an owner's feed may have changed: after any commit that touched the
/// owner's rows, by any program (the database's trigger NOTIFYs `channel` with the owner's id,
/// see `SQL/006_tokens_and_notify.sql`), and when one of the owner's notice windows opens or
/// closes, which changes the feed with no write at all.
///
/// One `LISTEN` connection serves the whole process, however many subscribers (a server's SSE
/// streams) there are: a thread waits on it and fans each notification out to the owner's
/// subscribers. When the connection drops, the thread reconnects and then wakes every
/// subscriber, since changes may have been missed meanwhile. A wake says only "ask again": a
/// subscriber then calls `FeedService.changes(since:in:)` with the digest it holds.
///
/// The same connection keeps the service's cache of served feeds and tokens true
/// (`ServedCache`): each notification forgets the owner's feed (or, on `tokenChannel`, every
/// token) before any subscriber is woken, and the cache is trusted only while the connection is
/// up, so a server reads the database whenever the listener is reconnecting or stopped.
public final class FeedEvents: Sendable {
  /// The channel the trigger notifies on; each payload is one owner id.
  public static let channel = "accountfeed_feed"
  /// The channel a token's revocation or removal notifies on (`SQL/007_token_notify.sql`).
  public static let tokenChannel = "accountfeed_tokens"

  private struct State {
    /// Filed by scope, so a notification or a close costs its own owner's subscriptions only.
    var subscriptions = SubscriptionIndex<FeedSubscription>()
    var nextID: UInt64 = 1
    var stopped = false
    /// When each subscribed owner's next notice-window edge falls.
    var edges: [String: ContinuousClock.Instant] = [:]
    /// Subscribed owners whose next edge must be looked up (new, or their rows changed).
    var unscheduled: Set<String> = []
  }

  private let service: FeedService
  private let retryDelay: Duration
  private let state = Mutex(State())
  private let finished = DispatchSemaphore(value: 0)
  /// How long the thread waits on the connection before it looks at `stop()` and new owners.
  private static let pollInterval = Duration.milliseconds(200)

  /// Opens the `LISTEN` connection (throwing when the database cannot be reached) and starts
  /// the thread that waits on it.
  /// - Parameters:
  ///   - service: whose database to listen to (on a connection of its own, outside the pool).
  ///   - retryDelay: the pause between attempts to reconnect after the connection dropped.
  public init(service: FeedService, retryDelay: Duration = .seconds(1)) throws {
    self.service = service
    self.retryDelay = retryDelay
    let listening = try Self.listen(service)
    service.cache.listenerConnected()
    Thread.detachNewThread { [self] in run(listening) }
  }

  /// Calls `onChange` whenever the scope's feed may have changed (an any-owner scope: any
  /// owner's). See `FeedSubscription` for how calls are made.
  public func subscribe(_ scope: OwnerScope, onChange: @escaping @Sendable () -> Void)
    -> FeedSubscription
  {
    state.withLock { state in
      let subscription = FeedSubscription(
        scope: scope, id: state.nextID, events: self, onChange: onChange)
      state.nextID += 1
      state.subscriptions.insert(subscription, id: subscription.id, in: scope)
      if let owner = scope.ownerID, state.edges[owner] == nil { state.unscheduled.insert(owner) }
      return subscription
    }
  }

  /// Ends every subscription and closes the connection; returns when the thread has stopped.
  public func stop() {
    let first = state.withLock { state in
      defer {
        state.stopped = true
        state.subscriptions = SubscriptionIndex()
      }
      return !state.stopped
    }
    if first { finished.wait() }
  }

  /// How many subscriptions are open (for a metrics page).
  public var subscriberCount: Int {
    state.withLock { $0.subscriptions.count }
  }

  func remove(_ subscription: FeedSubscription) {
    state.withLock { state in
      state.subscriptions.remove(id: subscription.id, in: subscription.scope)
      guard let owner = subscription.scope.ownerID,
        !state.subscriptions.isSubscribed(subscription.scope)
      else { return }
      state.edges[owner] = nil
      state.unscheduled.remove(owner)
    }
  }

  /// A store on a new connection that listens on `channel`. Only the thread uses it: between
  /// waits it also looks up notice-window edges, so a busy pool never delays a notification.
  private static func listen(_ service: FeedService) throws -> AccountStore {
    let store = try service.pool.openUnpooled()
    try store.listen(channel)
    try store.listen(tokenChannel)
    return store
  }

  private var isStopped: Bool { state.withLock { $0.stopped } }

  private func run(_ first: AccountStore) {
    var connection: AccountStore? = first
    while !isStopped {
      guard let listening = connection else {
        connection = reconnect()
        continue
      }
      var owners = Set<String>()
      do {
        try scheduleEdges(on: listening)
        let notifications = try listening.notifications(timeout: waitTime())
        let changed = notifications.filter { $0.channel == Self.channel }.map(\.payload)
        // Before anything is forgotten, so a read that misses the cache sees the fence.
        if let replica = service.replica, !changed.isEmpty {
          replica.fence(owners: changed, at: try listening.flushedWALPosition())
        }
        for notification in notifications {
          switch notification.channel {
          case Self.channel:
            service.cache.invalidate(owner: notification.payload)
            owners.insert(notification.payload)
          case Self.tokenChannel:
            service.cache.invalidateTokens()
          default:
            break
          }
        }
      } catch {
        service.cache.listenerDisconnected()
        connection = nil
        continue
      }
      owners.formUnion(takeDueEdges())
      if !owners.isEmpty { wake(owners) }
    }
    if connection != nil { service.cache.listenerDisconnected() }
    finished.signal()
  }

  /// A new listening connection after a pause, waking everyone once it is there; nil while
  /// the database stays away (or `stop()` was called meanwhile).
  private func reconnect() -> AccountStore? {
    let resume = ContinuousClock.now + retryDelay
    while ContinuousClock.now < resume, !isStopped {
      Thread.sleep(forTimeInterval: 0.05)
    }
    guard !isStopped, let connection = try? Self.listen(service) else { return nil }
    // Whatever was missed committed before now: no owner is read on the replica until it has
    // replayed this far.
    if let replica = service.replica {
      guard let position = try? connection.flushedWALPosition() else { return nil }
      replica.fenceAll(at: position)
    }
    service.cache.listenerConnected()
    let everyone = state.withLock { state in
      state.unscheduled.formUnion(state.edges.keys)
      state.edges = [:]
      return state.subscriptions.all
    }
    for subscription in everyone { subscription.wake() }
    return connection
  }

  /// Looks up the next window edge of each owner that needs it. A failure puts the owners back
  /// and is thrown: on this connection it means the connection is gone.
  private func scheduleEdges(on store: AccountStore) throws {
    let owners = state.withLock { state in
      defer { state.unscheduled = [] }
      return state.unscheduled
    }
    guard !owners.isEmpty else { return }
    var found: [String: ContinuousClock.Instant] = [:]
    do {
      for owner in owners {
        // A little past the edge, so the database's clock has passed it when the feed is read.
        if let edge = try store.nextNoticeWindowEdge(owner: owner) {
          found[owner] = .now + edge + .milliseconds(5)
        }
      }
    } catch {
      state.withLock { $0.unscheduled.formUnion(owners) }
      throw error
    }
    state.withLock { state in
      for (owner, instant) in found { state.edges[owner] = instant }
    }
  }

  /// Until the nearest edge, at most `pollInterval`.
  private func waitTime() -> Duration {
    let nearest = state.withLock { $0.edges.values.min() }
    guard let nearest else { return Self.pollInterval }
    return max(.zero, min(Self.pollInterval, ContinuousClock.now.duration(to: nearest)))
  }

  private func takeDueEdges() -> Set<String> {
    let now = ContinuousClock.now
    return state.withLock { state in
      let due = Set(state.edges.filter { $0.value <= now }.keys)
      for owner in due { state.edges[owner] = nil }
      return due
    }
  }

  /// Wakes the subscribers of `owners` and of every owner, and looks up those owners' next
  /// edges again (a write may have added, moved or dismissed a notice). Costs the subscriptions
  /// woken, not every open one.
  private func wake(_ owners: Set<String>) {
    let woken = state.withLock { state in
      var woken = state.subscriptions.subscriptions(in: .anyOwner)
      for owner in owners where state.subscriptions.isSubscribed(.owner(owner)) {
        state.edges[owner] = nil
        state.unscheduled.insert(owner)
        woken += state.subscriptions.subscriptions(in: .owner(owner))
      }
      return woken
    }
    for subscription in woken { subscription.wake() }
  }
}
