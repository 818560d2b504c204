import AccountModel

/// A token just made: its record, and its secret, which exists only here.
///
/// The secret is shown to the person once (`feedctl token create`) and never stored, so a lost
/// secret is replaced, not recovered. `description` leaves it out, so printing the value by
/// mistake (a log line, an error) does not leak it.
public struct IssuedToken: Sendable, CustomStringConvertible {
  public let info: TokenInfo
  /// `af_` and 43 base64url characters: 256 random bits.
  public let secret: String

  public var description: String {
    "token \(info.id) of owner '\(info.ownerID)'"
  }
}
