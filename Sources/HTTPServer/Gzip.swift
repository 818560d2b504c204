import CZlib
import Foundation

/// gzip (RFC 1952) through the system's zlib, written so that the same bytes always compress to
/// the same bytes: the header's modification time is zero and its operating system field fixed
/// (Unix), the level fixed. Equal documents then give equal compressed bodies on every server
/// instance, so an entity tag can name the compressed representation.
public enum Gzip {
  /// The compression level: zlib's default, a good trade for JSON of a few KiB to a few MiB.
  static let level: Int32 = 6

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
    var output = Data(count: Int(deflateBound(&stream, uLong(data.count))) + 32)
    let written = data.withUnsafeBytes { input in
      output.withUnsafeMutableBytes { out in
        stream.next_in = UnsafeMutablePointer(
          mutating: input.bindMemory(to: Bytef.self).baseAddress)
        stream.avail_in = uInt(input.count)
        stream.next_out = out.bindMemory(to: Bytef.self).baseAddress
        stream.avail_out = uInt(out.count)
        let status = deflate(&stream, Z_FINISH)
        precondition(status == Z_STREAM_END, "deflateBound left too little room")
        return Int(stream.total_out)
      }
    }
    return output.prefix(written)
  }
}
