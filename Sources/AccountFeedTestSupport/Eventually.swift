import Foundation

/// Whether `condition` comes true within `seconds`, asking every 5 ms: for what another thread or
/// process does in its own time, such as a notification arriving or a server closing a stream. A
/// condition that throws has not come true yet.
public func eventually(within seconds: Double = 10, _ condition: () throws -> Bool) -> Bool {
  let deadline = Date(timeIntervalSinceNow: seconds)
  while Date() < deadline {
    if (try? condition()) == true { return true }
    usleep(5000)
  }
  return (try? condition()) == true
}
