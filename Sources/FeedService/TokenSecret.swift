import FeedComponents

/// The form of a bearer token's secret, and the hash it is stored and looked up by.
///
/// A secret is `af_` followed by 32 random bytes in base64url without padding (43 characters).
/// The prefix makes a leaked token easy to recognise (and to scan for); the 256 random bits
/// make it impossible to guess, which is also why a fast unsalted SHA-256 is enough to store
/// it: there is no dictionary of such secrets to try.
enum TokenSecret {
  static let prefix = "af_"
  static let randomBytes = 32
  static let encodedLength = 43

  /// A new secret from the system's cryptographic random source (`getrandom(2)` on Linux).
  static func generate() -> String {
    var generator = SystemRandomNumberGenerator()
    let bytes = (0..<randomBytes).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
    return prefix + base64URL(bytes)
  }

  /// Whether `text` has the form of a secret; anything else is refused before a lookup.
  static func isWellFormed(_ text: String) -> Bool {
    guard text.hasPrefix(prefix) else { return false }
    let body = text.utf8.dropFirst(prefix.utf8.count)
    return body.count == encodedLength && body.allSatisfy(isBase64URL)
  }

  /// What the database keeps: the SHA-256 of the secret's UTF-8 bytes, as 64 hex digits.
  static func hash(_ secret: String) -> String {
    SHA256.hexDigest(of: Array(secret.utf8))
  }

  private static func isBase64URL(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"):
      true
    default: false
    }
  }

  private static func base64URL(_ bytes: [UInt8]) -> String {
    let alphabet = Array(
      "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)
    var output: [UInt8] = []
    var index = 0
    while index < bytes.count {
      let chunk = bytes[index..<min(index + 3, bytes.count)]
      var bits = 0
      for byte in chunk { bits = bits << 8 | Int(byte) }
      bits <<= 8 * (3 - chunk.count)
      for position in 0...chunk.count {
        output.append(alphabet[(bits >> (18 - 6 * position)) & 0x3F])
      }
      index += 3
    }
    return String(decoding: output, as: UTF8.self)
  }
}
