import Foundation

/// The server process a data directory's `postmaster.pid` names, believed only once checked.
///
/// The pid file outlives a server that was killed, and its number may since have been given to
/// any other process — another cluster's server, or something that has nothing to do with
/// PostgreSQL. `pg_ctl` only asks whether some process has that number, so before anything is
/// signalled, or a port is trusted, the process must be a `postgres` executable whose working
/// directory is this data directory (the server changes into it as it starts).
struct PostmasterProcess {
  let pid: Int32
  let port: Int

  /// The running server of `dataDirectory`, or nil when none runs there — whether there is no
  /// pid file, it cannot be read, or it names a process that is not this directory's server.
  static func running(in dataDirectory: String) -> PostmasterProcess? {
    // postmaster.pid: pid, data directory, start time, port, socket directory, …
    guard let text = try? String(contentsOfFile: pidFile(dataDirectory), encoding: .utf8)
    else { return nil }
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    guard lines.count > 3,
      let pid = Int32(lines[0].trimmingCharacters(in: .whitespaces)), pid > 0,
      let port = Int(lines[3].trimmingCharacters(in: .whitespaces)),
      isServer(pid, of: dataDirectory)
    else { return nil }
    return PostmasterProcess(pid: pid, port: port)
  }

  static func pidFile(_ dataDirectory: String) -> String {
    dataDirectory + "/postmaster.pid"
  }

  /// Whether process `pid` is a PostgreSQL server working in `dataDirectory`.
  static func isServer(_ pid: Int32, of dataDirectory: String) -> Bool {
    guard let executable = link("/proc/\(pid)/exe"),
      ["postgres", "postgres (deleted)"].contains(executable.split(separator: "/").last ?? ""),
      let workingDirectory = link("/proc/\(pid)/cwd"),
      let resolved = realpath(dataDirectory, nil)
    else { return false }
    defer { free(resolved) }
    return workingDirectory == String(cString: resolved)
  }

  private static func link(_ path: String) -> String? {
    var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    let length = readlink(path, &buffer, buffer.count - 1)
    guard length > 0 else { return nil }
    return String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }
}
