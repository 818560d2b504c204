import AccountModel
import FeedComponents
import Foundation

/// One line per request, as text for people or JSON for log collectors. Credentials are never
/// written: the line has the method, the path (without its query), the status and the time.
public struct RequestLog: Sendable {
  public enum Format: String, CaseIterable, Sendable {
    case text
    case json
  }

  /// One finished request.
  public struct Entry: Sendable {
    public let time: Date
    public let remoteAddress: String
    public let method: String
    public let path: String
    public let route: String
    public let status: Int
    public let milliseconds: Double
  }

  public let format: Format
  private let write: @Sendable (String) -> Void

  /// - Parameter write: receives each line without its newline.
  public init(format: Format, write: @escaping @Sendable (String) -> Void) {
    self.format = format
    self.write = write
  }

  func record(_ entry: Entry) {
    write(line(entry))
  }

  /// A request's own text as one field of a text line: the path arrives percent-decoded, so a
  /// client could otherwise forge a line (`%0A`) or shift the fields (`%20`). Control
  /// characters and spaces are written as `%XX` again.
  static func field(_ text: String) -> String {
    var field = ""
    for scalar in text.unicodeScalars {
      if scalar.value <= 0x20 || scalar.value == 0x7F || (0x80...0x9F).contains(scalar.value) {
        field += "%" + String(scalar.value, radix: 16, uppercase: true).leftPadded(to: 2)
      } else {
        field.unicodeScalars.append(scalar)
      }
    }
    return field
  }

  /// The line for `entry` in this log's format.
  public func line(_ entry: Entry) -> String {
    let time = ISO8601Time.string(from: entry.time)
    let milliseconds = Self.thousandths(entry.milliseconds)
    switch format {
    case .text:
      return
        "\(time) \(entry.remoteAddress) \(Self.field(entry.method)) \(Self.field(entry.path)) \(entry.status) \(milliseconds)ms"
    case .json:
      return CanonicalJSONWriter().string([
        "time": .string(time), "remote": .string(entry.remoteAddress),
        "method": .string(entry.method), "path": .string(entry.path),
        "route": .string(entry.route), "status": .integer(entry.status),
        "ms": .decimal(milliseconds),
      ])
    }
  }
}

extension RequestLog {
  /// `value` with three decimals, as `%.3f` prints it, without `String(format:)`, which costs
  /// a Foundation format parse on the network thread for every request logged.
  static func thousandths(_ value: Double) -> String {
    let rounded = Int((max(0, value) * 1000).rounded())
    return "\(rounded / 1000).\(String(rounded % 1000).leftPadded(to: 3))"
  }
}

extension String {
  fileprivate func leftPadded(to width: Int) -> String {
    String(repeating: "0", count: max(0, width - count)) + self
  }
}
