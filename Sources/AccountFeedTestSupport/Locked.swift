import Foundation

/// A value written once by another thread.
public final class Locked<Value>: @unchecked Sendable {
  private let lock = NSLock()
  private var stored: Value
  private var written = false

  public init(_ value: Value) {
    stored = value
  }

  public func set(_ value: Value) {
    lock.withLock {
      stored = value
      written = true
    }
  }

  public var isSet: Bool { lock.withLock { written } }
  public var value: Value { lock.withLock { stored } }
}
