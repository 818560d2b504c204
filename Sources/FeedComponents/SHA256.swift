internal import CCrypto

/// SHA-256 (FIPS 180-4) for content digests that must agree across processes and machines,
/// computed by the system's libcrypto (OpenSSL 3): CryptoKit does not exist on Linux, the project
/// takes no outside packages, and OpenSSL uses the CPU's SHA instructions, several times faster
/// than portable code on the hundreds of small nodes a feed hashes.
public enum SHA256 {
  /// The 32-byte digest of `bytes`.
  public static func digest(of bytes: [UInt8]) -> [UInt8] {
    var hasher = Hasher()
    hasher.update(bytes)
    return hasher.finalize()
  }

  /// The digest of `bytes` as 64 lower-case hex characters, the form stored in feed documents.
  public static func hexDigest(of bytes: [UInt8]) -> String {
    bytes.withUnsafeBytes { hexDigest(of: $0) }
  }

  /// The hex digest of bytes the caller already holds in a buffer, without copying them.
  static func hexDigest(of bytes: UnsafeRawBufferPointer) -> String {
    var hasher = Hasher()
    hasher.update(bytes)
    return hasher.finalizeHex()
  }

  /// A digest computed over bytes fed in parts, for content that is produced piece by piece:
  /// hashing the parts in order gives the digest of their concatenation, and nothing is ever
  /// joined into one array.
  public struct Hasher: ~Copyable {
    /// OpenSSL's SHA-256 state, held by value: it points at nothing, so it moves with the
    /// hasher, and starting one allocates nothing and touches nothing another thread uses.
    private var context = SHA256_CTX()

    public init() {
      guard SHA256_Init(&context) == 1 else {
        preconditionFailure("libcrypto could not start a SHA-256 digest")
      }
    }

    /// Appends `bytes` to the hashed message.
    public mutating func update(_ bytes: [UInt8]) {
      bytes.withUnsafeBytes { update($0) }
    }

    /// Appends the bytes in `buffer` to the hashed message.
    public mutating func update(_ buffer: UnsafeRawBufferPointer) {
      guard buffer.count > 0 else { return }
      guard SHA256_Update(&context, buffer.baseAddress, buffer.count) == 1 else {
        preconditionFailure("libcrypto refused to hash \(buffer.count) bytes")
      }
    }

    /// The 32-byte digest of everything appended.
    public consuming func finalize() -> [UInt8] {
      [UInt8](unsafeUninitializedCapacity: 32) { digest, count in
        finish(into: digest)
        count = 32
      }
    }

    /// The digest of everything appended as 64 lower-case hex characters; the 32 bytes never
    /// leave the stack.
    public consuming func finalizeHex() -> String {
      withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 32) { digest in
        finish(into: digest)
        return String(unsafeUninitializedCapacity: 64) { text in
          SHA256.hexDigits.withUTF8Buffer { digits in
            for index in 0..<32 {
              text[index * 2] = digits[Int(digest[index] >> 4)]
              text[index * 2 + 1] = digits[Int(digest[index] & 0x0F)]
            }
          }
          return 64
        }
      }
    }

    private mutating func finish(into digest: UnsafeMutableBufferPointer<UInt8>) {
      guard SHA256_Final(digest.baseAddress, &context) == 1 else {
        preconditionFailure("libcrypto could not finish a SHA-256 digest")
      }
    }
  }

  private static let hexDigits: StaticString = "0123456789abcdef"
}
