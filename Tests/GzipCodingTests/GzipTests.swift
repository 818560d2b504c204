import Foundation
import GzipCoding
import Testing

/// gzip whose bytes depend on the input alone, and a decompression that gives back exactly the
/// bytes stated or nothing.
@Suite struct GzipTests {
  static let json = Data(
    #"{"owner":"demo","sections":[{"id":"accounts","items":[{"id":"a1","type":"balance"}]}]}"#
      .utf8)

  @Test(arguments: [Data(), Data("x".utf8), json, Data(repeating: 7, count: 100_000)])
  func whatIsCompressedDecompressesToItself(_ data: Data) {
    #expect(Gzip.decompress(Gzip.compress(data), size: data.count) == data)
  }

  @Test func theSameBytesCompressToTheSameBytes() {
    #expect(Gzip.compress(Self.json) == Gzip.compress(Data(Self.json)))
  }

  @Test func theMemberIsAGzipOneWithNoTimeAndTheUnixSystem() {
    let member = [UInt8](Gzip.compress(Self.json))
    #expect(member.prefix(2) == [0x1f, 0x8b])
    #expect(member[4..<8] == [0, 0, 0, 0])
    #expect(member[9] == 3)
  }

  @Test(arguments: [-1, 1, 1_000])
  func aStatedSizeThatIsNotTheContentsIsRefused(_ offset: Int) {
    let compressed = Gzip.compress(Self.json)
    #expect(Gzip.decompress(compressed, size: max(0, Self.json.count + offset)) == nil)
  }

  @Test func aTruncatedMemberIsRefused() {
    let compressed = Gzip.compress(Self.json)
    #expect(Gzip.decompress(compressed.dropLast(4), size: Self.json.count) == nil)
  }

  @Test func bytesAfterTheMemberAreRefused() {
    let compressed = Gzip.compress(Self.json) + Data("more".utf8)
    #expect(Gzip.decompress(compressed, size: Self.json.count) == nil)
  }

  @Test func bytesThatAreNoGzipAreRefused() {
    #expect(Gzip.decompress(Self.json, size: Self.json.count) == nil)
    #expect(Gzip.decompress(Data(), size: 0) == nil)
  }
}
