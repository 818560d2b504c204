import Foundation

/// Finds the Swift compiler and the freshly built FeedComponents module, for tests that compile a
/// snippet against the library the way a user of it would.
enum Toolchain {
  /// `swiftc`: from `SWIFTC`, else on `PATH`, else next to the Swift runtime this test process loaded
  /// (read from `/proc/self/maps`), which is the toolchain that built it.
  static func swiftc() -> String? {
    let environment = ProcessInfo.processInfo.environment
    var candidates: [String] = []
    if let explicit = environment["SWIFTC"] { candidates.append(explicit) }
    for directory in (environment["PATH"] ?? "").split(separator: ":") {
      candidates.append("\(directory)/swiftc")
    }
    if let maps = try? String(contentsOfFile: "/proc/self/maps", encoding: .utf8),
      let line = maps.split(separator: "\n").first(where: { $0.hasSuffix("/libswiftCore.so") }),
      let path = line.split(separator: " ").last
    {
      // <toolchain>/usr/lib/swift/linux/libswiftCore.so → <toolchain>/usr/bin/swiftc
      let usr = URL(fileURLWithPath: String(path)).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
      candidates.append(usr.appendingPathComponent("bin/swiftc").path)
    }
    return candidates.first { FileManager.default.isExecutableFile(atPath: $0) }
  }

  /// The build directory holding this test binary, which also holds `Modules/` and the library's
  /// object files. Found from the running executable, falling back to the package's `.build/debug`.
  static func buildDirectory() -> URL? {
    var candidates: [URL] = []
    if let executable = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
    {
      var directory = URL(fileURLWithPath: executable).deletingLastPathComponent()
      // A bundle on macOS keeps its executable further down: climb out of it.
      while directory.path.contains(".xctest") { directory.deleteLastPathComponent() }
      candidates.append(directory)
    }
    candidates.append(packageRoot.appendingPathComponent(".build/debug"))
    return candidates.first { directory in
      FileManager.default.fileExists(
        atPath: directory.appendingPathComponent("Modules/FeedComponents.swiftmodule").path)
    }
  }

  /// The compiler arguments that let a snippet import FeedComponents from `buildDirectory`:
  /// its module, and the module map of the C library it calls (libcrypto, `Sources/CCrypto`).
  static func importArguments(for buildDirectory: URL) -> [String] {
    [
      "-I", buildDirectory.appendingPathComponent("Modules").path,
      "-I", packageRoot.appendingPathComponent("Sources/CCrypto").path,
    ]
  }

  private static let packageRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  /// The object files of the FeedComponents target and the FeedVocabulary target it depends on,
  /// in `buildDirectory`.
  static func libraryObjects(in buildDirectory: URL) -> [String] {
    ["FeedVocabulary", "FeedComponents"].flatMap { target in
      let objects = buildDirectory.appendingPathComponent("\(target).build")
      let names = (try? FileManager.default.contentsOfDirectory(atPath: objects.path)) ?? []
      return names.filter { $0.hasSuffix(".o") }.sorted().map {
        objects.appendingPathComponent($0).path
      }
    }
  }
}
