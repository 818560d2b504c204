import ArgumentKit
import Foundation
import Synchronization
import Testing

/// `TextSink`: text and UTF-8 bytes reach a file descriptor exactly as given, in order.
@Suite struct TextSinkTests {
  @Test func bytesAndStringsReachTheDescriptorInOrderAsGiven() throws {
    var ends: [Int32] = [0, 0]
    #expect(pipe(&ends) == 0)
    let sink = TextSink(fileDescriptor: ends[1], name: "the pipe")
    sink.write(utf8: Array("{\"name\": \"계좌 ₩1,000\"".utf8))
    sink.write(", 끝}")
    sink.write(utf8: [])
    close(ends[1])
    let read = FileHandle(fileDescriptor: ends[0], closeOnDealloc: true).readDataToEndOfFile()
    #expect(String(decoding: read, as: UTF8.self) == "{\"name\": \"계좌 ₩1,000\", 끝}")
    #expect(sink.writeError == nil)
  }

  @Test func bytesGivenToATextSinkArriveAsTheirText() {
    let captured = Captured()
    let sink = TextSink { captured.append($0) }
    sink.write(utf8: Array("계좌".utf8))
    #expect(captured.text == "계좌")
  }
}

private final class Captured: Sendable {
  private let parts = Mutex<[String]>([])
  func append(_ part: String) { parts.withLock { $0.append(part) } }
  var text: String { parts.withLock { $0.joined() } }
}
