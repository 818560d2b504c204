import FeedComponents
import Foundation

/// A feed document kept in a file, as `feedctl show --format json` writes it.
enum FeedFile {
  static func read(_ path: String) throws(FeedServiceError) -> FeedDocument {
    let data = try BoundedInput.contents(ofFile: path, named: "feed file '\(path)'")
    do {
      return try FeedDocument(data: data)
    } catch .notJSON(let error) {
      throw .invalidInput(
        "feed file '\(path)' is not valid JSON at byte \(error.offset): \(error.reason)")
    } catch {
      throw .invalidInput("feed file '\(path)': \(error)")
    }
  }
}
