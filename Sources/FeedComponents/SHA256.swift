/// SHA-256 (FIPS 180-4) in plain Swift, for content digests that must agree across processes and
/// machines. CryptoKit does not exist on Linux and the project takes no outside packages.
public enum SHA256 {
  /// The 32-byte digest of `bytes`.
  ///
  /// Whole blocks are compressed straight from the input, and only the last one or two blocks
  /// (the tail, the `0x80` marker and the length) are copied: the input is never copied whole.
  public static func digest(of bytes: [UInt8]) -> [UInt8] {
    var state = State()
    let fullBlocks = bytes.count / 64
    bytes.withUnsafeBufferPointer { input in
      for block in 0..<fullBlocks {
        state.compress(UnsafeBufferPointer(rebasing: input[block * 64..<block * 64 + 64]))
      }
      var tail = [UInt8](input[(fullBlocks * 64)...])
      let bitLength = UInt64(bytes.count) &* 8
      tail.append(0x80)
      while tail.count % 64 != 56 { tail.append(0) }
      for shift in stride(from: 56, through: 0, by: -8) {
        tail.append(UInt8(truncatingIfNeeded: bitLength >> UInt64(shift)))
      }
      tail.withUnsafeBufferPointer { padded in
        for start in stride(from: 0, to: padded.count, by: 64) {
          state.compress(UnsafeBufferPointer(rebasing: padded[start..<start + 64]))
        }
      }
    }
    var result: [UInt8] = []
    result.reserveCapacity(32)
    for word in state.words {
      result.append(UInt8(truncatingIfNeeded: word >> 24))
      result.append(UInt8(truncatingIfNeeded: word >> 16))
      result.append(UInt8(truncatingIfNeeded: word >> 8))
      result.append(UInt8(truncatingIfNeeded: word))
    }
    return result
  }

  /// The digest of `bytes` as 64 lower-case hex characters, the form stored in feed documents.
  public static func hexDigest(of bytes: [UInt8]) -> String {
    let hexDigits: StaticString = "0123456789abcdef"
    let digest = digest(of: bytes)
    return String(unsafeUninitializedCapacity: 64) { text in
      hexDigits.withUTF8Buffer { digits in
        for (index, byte) in digest.enumerated() {
          text[index * 2] = digits[Int(byte >> 4)]
          text[index * 2 + 1] = digits[Int(byte & 0x0F)]
        }
      }
      return 64
    }
  }

  /// The eight working words, and the message schedule reused for every block.
  private struct State {
    var words: [UInt32] = [
      0x6a09_e667, 0xbb67_ae85, 0x3c6e_f372, 0xa54f_f53a,
      0x510e_527f, 0x9b05_688c, 0x1f83_d9ab, 0x5be0_cd19,
    ]
    var schedule = [UInt32](repeating: 0, count: 64)

    mutating func compress(_ block: UnsafeBufferPointer<UInt8>) {
      schedule.withUnsafeMutableBufferPointer { w in
        for t in 0..<16 {
          let i = t * 4
          w[t] =
            UInt32(block[i]) << 24 | UInt32(block[i + 1]) << 16 | UInt32(block[i + 2]) << 8
            | UInt32(block[i + 3])
        }
        for t in 16..<64 {
          let s0 = SHA256.rotate(w[t - 15], 7) ^ SHA256.rotate(w[t - 15], 18) ^ (w[t - 15] >> 3)
          let s1 = SHA256.rotate(w[t - 2], 17) ^ SHA256.rotate(w[t - 2], 19) ^ (w[t - 2] >> 10)
          w[t] = w[t - 16] &+ s0 &+ w[t - 7] &+ s1
        }
        words.withUnsafeMutableBufferPointer { state in
          SHA256.roundConstants.withUnsafeBufferPointer { k in
            var a = state[0]
            var b = state[1]
            var c = state[2]
            var d = state[3]
            var e = state[4]
            var f = state[5]
            var g = state[6]
            var h = state[7]
            for t in 0..<64 {
              let sum1 = SHA256.rotate(e, 6) ^ SHA256.rotate(e, 11) ^ SHA256.rotate(e, 25)
              let choice = (e & f) ^ (~e & g)
              let temp1 = h &+ sum1 &+ choice &+ k[t] &+ w[t]
              let sum0 = SHA256.rotate(a, 2) ^ SHA256.rotate(a, 13) ^ SHA256.rotate(a, 22)
              let majority = (a & b) ^ (a & c) ^ (b & c)
              let temp2 = sum0 &+ majority
              h = g
              g = f
              f = e
              e = d &+ temp1
              d = c
              c = b
              b = a
              a = temp1 &+ temp2
            }
            state[0] &+= a
            state[1] &+= b
            state[2] &+= c
            state[3] &+= d
            state[4] &+= e
            state[5] &+= f
            state[6] &+= g
            state[7] &+= h
          }
        }
      }
    }
  }

  private static func rotate(_ value: UInt32, _ count: UInt32) -> UInt32 {
    value >> count | value << (32 - count)
  }

  private static let roundConstants: [UInt32] = [
    0x428a_2f98, 0x7137_4491, 0xb5c0_fbcf, 0xe9b5_dba5, 0x3956_c25b, 0x59f1_11f1, 0x923f_82a4,
    0xab1c_5ed5, 0xd807_aa98, 0x1283_5b01, 0x2431_85be, 0x550c_7dc3, 0x72be_5d74, 0x80de_b1fe,
    0x9bdc_06a7, 0xc19b_f174, 0xe49b_69c1, 0xefbe_4786, 0x0fc1_9dc6, 0x240c_a1cc, 0x2de9_2c6f,
    0x4a74_84aa, 0x5cb0_a9dc, 0x76f9_88da, 0x983e_5152, 0xa831_c66d, 0xb003_27c8, 0xbf59_7fc7,
    0xc6e0_0bf3, 0xd5a7_9147, 0x06ca_6351, 0x1429_2967, 0x27b7_0a85, 0x2e1b_2138, 0x4d2c_6dfc,
    0x5338_0d13, 0x650a_7354, 0x766a_0abb, 0x81c2_c92e, 0x9272_2c85, 0xa2bf_e8a1, 0xa81a_664b,
    0xc24b_8b70, 0xc76c_51a3, 0xd192_e819, 0xd699_0624, 0xf40e_3585, 0x106a_a070, 0x19a4_c116,
    0x1e37_6c08, 0x2748_774c, 0x34b0_bcb5, 0x391c_0cb3, 0x4ed8_aa4a, 0x5b9c_ca4f, 0x682e_6ff3,
    0x748f_82ee, 0x78a5_636f, 0x84c8_7814, 0x8cc7_0208, 0x90be_fffa, 0xa450_6ceb, 0xbef9_a3f7,
    0xc671_78f2,
  ]
}
