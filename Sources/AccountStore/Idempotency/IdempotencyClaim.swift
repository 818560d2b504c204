/// A write that a client may retry, named by the client's key: applied once per owner and key
/// (`SQL/015_idempotency_keys.sql`), however many times and on whichever server it arrives.
public struct IdempotencyClaim: Sendable, Equatable {
  /// How long a key is remembered: a client retries within minutes, and a day bounds the table.
  public static let retentionHours = 24

  public let ownerID: String
  /// The client's key: 1 to 255 visible ASCII characters (checked by the schema too).
  public let key: String
  /// The SHA-256 (hex) of the write as the server read it: the same key with another write is
  /// refused rather than answered with the first one's outcome.
  public let fingerprint: String

  public init(ownerID: String, key: String, fingerprint: String) {
    self.ownerID = ownerID
    self.key = key
    self.fingerprint = fingerprint
  }
}
