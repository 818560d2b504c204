internal import CCrypto
import Foundation

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
    private let context: OpaquePointer

    public init() {
      guard let context = SHA256.idleContexts.take() ?? EVP_MD_CTX_new() else {
        preconditionFailure("libcrypto could not allocate a digest context")
      }
      guard EVP_DigestInit_ex2(context, SHA256.algorithm, nil) == 1 else {
        preconditionFailure("libcrypto could not start a SHA-256 digest")
      }
      self.context = context
    }

    deinit {
      SHA256.idleContexts.give(context)
    }

    /// Appends `bytes` to the hashed message.
    public mutating func update(_ bytes: [UInt8]) {
      bytes.withUnsafeBytes { update($0) }
    }

    /// Appends the bytes in `buffer` to the hashed message.
    public mutating func update(_ buffer: UnsafeRawBufferPointer) {
      guard buffer.count > 0 else { return }
      guard EVP_DigestUpdate(context, buffer.baseAddress, buffer.count) == 1 else {
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

    private func finish(into digest: UnsafeMutableBufferPointer<UInt8>) {
      var length: UInt32 = 0
      guard EVP_DigestFinal_ex(context, digest.baseAddress, &length) == 1, length == 32 else {
        preconditionFailure("libcrypto could not finish a SHA-256 digest")
      }
    }
  }

  private static let hexDigits: StaticString = "0123456789abcdef"

  /// Digest contexts a finished hasher left for the next one. Making and freeing a context
  /// (and the SHA-256 state libcrypto keeps inside it) cost more than hashing a small node,
  /// and a feed hashes one node after another; starting a kept context again for SHA-256
  /// reuses that state.
  private static let idleContexts = ContextPool()

  /// A bounded stack of idle digest contexts shared by every thread.
  private final class ContextPool: @unchecked Sendable {
    /// More than the threads that hash at once need; a context beyond it is freed.
    private static let limit = 32
    /// Guarded by `lock`; every pointer in it is owned by the pool.
    private var contexts: [OpaquePointer] = []
    private let lock = NSLock()

    init() {
      contexts.reserveCapacity(Self.limit)
    }

    func take() -> OpaquePointer? {
      lock.withLock { contexts.popLast() }
    }

    func give(_ context: OpaquePointer) {
      let kept = lock.withLock {
        guard contexts.count < Self.limit else { return false }
        contexts.append(context)
        return true
      }
      if !kept { EVP_MD_CTX_free(context) }
    }
  }

  /// SHA-256 fetched from the default provider once: `EVP_sha256()` would look the
  /// implementation up again on every digest, which costs more than hashing a small node.
  /// A fetched `EVP_MD` is immutable and safe to share between threads.
  private nonisolated(unsafe) static let algorithm: OpaquePointer = {
    guard let algorithm = EVP_MD_fetch(nil, "SHA256", nil) else {
      preconditionFailure("libcrypto has no SHA-256 implementation")
    }
    return algorithm
  }()
}
