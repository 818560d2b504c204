import CZlib
import Foundation

/// gzip (RFC 1952) through the system's zlib, written so that the same bytes always compress to
/// the same bytes: the header's modification time is zero and its operating system field fixed
/// (Unix), the level fixed. Equal documents then give equal compressed bodies on every server
/// instance, so an entity tag can name the compressed representation.
public enum Gzip {
  /// The compression level: zlib's default, a good trade for JSON of a few KiB to a few MiB.
  static let level: Int32 = 6

  /// `data` as one gzip member, in a buffer of its own size (not deflate's worst-case bound):
  /// what a cache keeps costs what it counts.
  public static func compress(_ data: Data) -> Data {
    var stream = z_stream()
    guard accountfeed_deflate_init_gzip(&stream, level) == Z_OK else {
      preconditionFailure("zlib refused its own default parameters")
    }
    defer { deflateEnd(&stream) }
    var header = gz_header()
    header.time = 0
    header.os = 3
    deflateSetHeader(&stream, &header)
    var output = [UInt8](repeating: 0, count: Int(deflateBound(&stream, uLong(data.count))) + 32)
    let status = data.withUnsafeBytes { input in
      output.withUnsafeMutableBytes { run(deflate, &stream, from: input, into: $0) }
    }
    precondition(status == Z_STREAM_END, "deflateBound left too little room")
    return Data(output[..<Int(stream.total_out)])
  }

  /// The `size` bytes `gzipped` holds, or nil unless it is exactly one whole gzip member of
  /// that size: truncated, corrupt, longer or shorter. The caller states the size — it knows
  /// what it compressed —, so decompressing never allocates more than that.
  public static func decompress(_ gzipped: Data, size: Int) -> Data? {
    var stream = z_stream()
    guard accountfeed_inflate_init_gzip(&stream) == Z_OK else { return nil }
    defer { inflateEnd(&stream) }
    // A byte more than stated: zlib refuses an empty output buffer, and a longer member then
    // fills it.
    var output = Data(count: size + 1)
    let status = gzipped.withUnsafeBytes { input in
      output.withUnsafeMutableBytes { run(inflate, &stream, from: input, into: $0) }
    }
    guard status == Z_STREAM_END, stream.avail_in == 0, Int(stream.total_out) == size else {
      return nil
    }
    output.removeLast()
    return output
  }

  /// `step` (`deflate` or `inflate`) run once to the end over all of `input` into `output`:
  /// its status.
  private static func run(
    _ step: (z_streamp?, Int32) -> Int32, _ stream: inout z_stream,
    from input: UnsafeRawBufferPointer, into output: UnsafeMutableRawBufferPointer
  ) -> Int32 {
    stream.next_in = UnsafeMutablePointer(mutating: input.bindMemory(to: Bytef.self).baseAddress)
    stream.avail_in = uInt(input.count)
    stream.next_out = output.bindMemory(to: Bytef.self).baseAddress
    stream.avail_out = uInt(output.count)
    return step(&stream, Z_FINISH)
  }
}
