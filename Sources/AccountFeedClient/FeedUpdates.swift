/// The versions of a followed document as an `AsyncSequence` (see `FeedClient.updates()`).
///
/// Iterating starts a follower task; cancelling the iterating task, or dropping the iterator,
/// cancels it, which closes its event-stream socket and ends its reader thread.
public struct FeedUpdates: AsyncSequence, Sendable {
  public typealias Element = FeedUpdate

  let client: FeedClient

  public func makeAsyncIterator() -> AsyncThrowingStream<FeedUpdate, any Error>.Iterator {
    let (stream, continuation) = AsyncThrowingStream.makeStream(of: FeedUpdate.self)
    let task = Task { [client] in
      var follower = FeedFollower(client: client, continuation: continuation)
      do {
        try await follower.run()
        continuation.finish()
      } catch {
        continuation.finish(throwing: error)
      }
    }
    continuation.onTermination = { _ in task.cancel() }
    return stream.makeAsyncIterator()
  }
}
