import Foundation

/// A private PostgreSQL server started from the installed `initdb` and `pg_ctl`.
///
/// It is what tests and `feedctl` use when no database is configured, so nothing has to be set
/// up by hand. Everything lives under one directory:
///
///     <directory>/data         the cluster (PGDATA)
///     <directory>/run          the unix socket
///     <directory>/server.log   the server's log
///
/// The server listens only on its unix socket (no TCP), trusts local connections, and uses
/// `--locale=C.UTF-8`, which exists on every glibc system. PostgreSQL refuses to run as root, so
/// when the current user is root the server programs run as the `postgres` user through
/// `runuser`, and the directory is handed to that user — which is why it must be somewhere the
/// `postgres` user can reach (not under `/root`).
public struct LocalCluster: Sendable {
  /// How much the cluster should promise about surviving a crash.
  public enum Durability: Sendable {
    /// PostgreSQL's defaults: for data someone keeps (feedctl's embedded database).
    case durable
    /// `fsync` and synchronous commit off: for clusters thrown away after a test run.
    case throwaway
  }

  public let directory: String
  public let durability: Durability

  public init(directory: String, durability: Durability = .durable) {
    self.directory = directory
    self.durability = durability
  }

  public var dataDirectory: String { directory + "/data" }
  public var socketDirectory: String { directory + "/run" }
  public var logFile: String { directory + "/server.log" }

  private static let runsAsRoot = geteuid() == 0

  /// Starts the cluster, creating it first if needed, and returns how to connect to it. If it is
  /// already running, it is reused as it is. Safe against concurrent callers: they serialise on
  /// a lock file in the directory.
  @discardableResult
  public func start() throws -> PostgresConfiguration {
    let binaries = try PostgresBinaries.locate()
    try prepareDirectories()
    return try withStartLock {
      if let running = try runningPort(binaries) {
        return configuration(port: running)
      }
      if !FileManager.default.fileExists(atPath: dataDirectory + "/PG_VERSION") {
        try initialise(binaries)
      }
      var lastError: Error?
      for _ in 0..<3 {
        let port = try Self.freePort()
        try writeSettings(port: port)
        do {
          try run(
            binaries.pgCtl, ["-D", dataDirectory, "-l", logFile, "-w", "-t", "60", "start"],
            failure: "the server did not start")
          return configuration(port: port)
        } catch {
          lastError = error
        }
      }
      throw lastError ?? LocalClusterError("the server did not start")
    }
  }

  /// Stops the server if it runs (fast shutdown: sessions are disconnected, data is kept).
  public func stop() throws {
    let binaries = try PostgresBinaries.locate()
    guard FileManager.default.fileExists(atPath: dataDirectory + "/PG_VERSION") else { return }
    try withStartLock {
      guard try runningPort(binaries) != nil else { return }
      try run(
        binaries.pgCtl, ["-D", dataDirectory, "-m", "fast", "-w", "stop"],
        failure: "the server did not stop")
    }
  }

  /// Arranges for the server to be stopped (immediately) and the directory removed once the
  /// process `pid` is gone, however it ends — even killed, when no exit handler runs. A detached
  /// shell polls for the process; a throwaway cluster started for a test run uses it so a crashed
  /// run never leaves a server behind.
  public func removeWhenProcessEnds(_ pid: Int32) throws {
    let binaries = try PostgresBinaries.locate()
    let stop =
      Self.runsAsRoot
      ? "runuser -u postgres -- \"$PG_CTL\" -D \"$DATA\" -m immediate -w stop"
      : "\"$PG_CTL\" -D \"$DATA\" -m immediate -w stop"
    let script = """
      while kill -0 "$WATCHED" 2>/dev/null; do sleep 0.2; done
      if [ -f "$DATA/postmaster.pid" ]; then \(stop); fi
      rm -rf "$DIRECTORY"
      """
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", script]
    var environment = ProcessInfo.processInfo.environment
    environment["WATCHED"] = String(pid)
    environment["DATA"] = dataDirectory
    environment["DIRECTORY"] = directory
    environment["PG_CTL"] = binaries.pgCtl
    process.environment = environment
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
  }

  /// The port of the running server, or nil when it is not running.
  public func status() throws -> Int? {
    guard FileManager.default.fileExists(atPath: dataDirectory + "/PG_VERSION") else { return nil }
    return try runningPort(try PostgresBinaries.locate())
  }

  /// How to reach the server on `port` through its socket, as the `postgres` superuser.
  public func configuration(port: Int, database: String = "postgres") -> PostgresConfiguration {
    PostgresConfiguration(
      "host=\(Self.quoted(socketDirectory)) port=\(port) user=postgres dbname=\(Self.quoted(database))"
    )
  }

  // MARK: Steps

  private func prepareDirectories() throws {
    let fileManager = FileManager.default
    for path in [directory, socketDirectory] {
      try fileManager.createDirectory(atPath: path, withIntermediateDirectories: true)
    }
    guard Self.runsAsRoot else { return }
    let owner = try? fileManager.attributesOfItem(atPath: directory)[.ownerAccountName] as? String
    guard owner != "postgres" else { return }
    try run(
      "/bin/chown", ["-R", "postgres:postgres", directory], asServerUser: false,
      failure: "cannot hand \(directory) to the postgres user")
    do {
      try run("/usr/bin/test", ["-w", directory], failure: "")
    } catch {
      throw LocalClusterError(
        "the postgres user cannot reach \(directory); choose a directory outside /root, e.g. under /tmp or /var/lib"
      )
    }
  }

  private func initialise(_ binaries: PostgresBinaries) throws {
    var arguments = [
      "-D", dataDirectory, "-U", "postgres", "--auth=trust", "--locale=C.UTF-8", "--encoding=UTF8",
    ]
    if durability == .throwaway { arguments.append("--no-sync") }
    try run(binaries.initdb, arguments, failure: "initdb failed")
    let include = "\ninclude_if_exists = 'accountfeed.conf'\n"
    let handle = try FileHandle(
      forWritingTo: URL(fileURLWithPath: dataDirectory + "/postgresql.conf"))
    defer { try? handle.close() }
    try handle.seekToEnd()
    try handle.write(contentsOf: Data(include.utf8))
  }

  /// Settings that change per start (the port) or per kind of cluster, kept in one file that
  /// `postgresql.conf` includes so the generated configuration stays untouched.
  private func writeSettings(port: Int) throws {
    var settings = """
      port = \(port)
      listen_addresses = ''
      unix_socket_directories = '\(socketDirectory.replacingOccurrences(of: "'", with: "''"))'
      max_connections = 200

      """
    if durability == .throwaway {
      settings += "fsync = off\nsynchronous_commit = off\nfull_page_writes = off\n"
    }
    try settings.write(
      toFile: dataDirectory + "/accountfeed.conf", atomically: true, encoding: .utf8)
  }

  private func runningPort(_ binaries: PostgresBinaries) throws -> Int? {
    guard (try? run(binaries.pgCtl, ["-D", dataDirectory, "status"], failure: "")) != nil else {
      return nil
    }
    // postmaster.pid: pid, data directory, start time, port, socket directory, …
    let pidFile = try String(contentsOfFile: dataDirectory + "/postmaster.pid", encoding: .utf8)
    let lines = pidFile.split(separator: "\n", omittingEmptySubsequences: false)
    guard lines.count > 3, let port = Int(lines[3].trimmingCharacters(in: .whitespaces)) else {
      throw LocalClusterError("cannot read the port from \(dataDirectory)/postmaster.pid")
    }
    return port
  }

  // MARK: Plumbing

  private func withStartLock<T>(_ body: () throws -> T) throws -> T {
    let path = directory + "/.lock"
    let descriptor = open(path, O_CREAT | O_RDWR | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else { throw LocalClusterError("cannot open \(path)") }
    defer { close(descriptor) }
    flock(descriptor, LOCK_EX)
    defer { flock(descriptor, LOCK_UN) }
    return try body()
  }

  /// Runs a server program (as `postgres` when we are root) and throws with its output when it
  /// fails.
  @discardableResult
  private func run(
    _ executable: String, _ arguments: [String], asServerUser: Bool = true, failure: String
  ) throws -> String {
    let command: [String]
    if asServerUser && Self.runsAsRoot {
      command = ["/usr/sbin/runuser", "-u", "postgres", "--", executable] + arguments
    } else {
      command = [executable] + arguments
    }
    let outputPath = NSTemporaryDirectory() + "accountfeed-\(UUID().uuidString).out"
    defer { try? FileManager.default.removeItem(atPath: outputPath) }
    let status = try ChildProcess.run(command, outputPath: outputPath)
    let text = (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? ""
    guard status == 0 else {
      let detail = ConnectionHandle.oneLine(text)
      throw LocalClusterError(
        failure + (detail.isEmpty ? "" : ": \(detail)") + " (log: \(logFile))")
    }
    return text
  }

  /// A TCP port nobody is listening on now, chosen by the kernel.
  static func freePort() throws -> Int {
    let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard descriptor >= 0 else {
      throw LocalClusterError("cannot open a socket to find a free port")
    }
    defer { close(descriptor) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    address.sin_port = 0
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) { pointer in
      pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { generic in
        bind(descriptor, generic, length) == 0 && getsockname(descriptor, generic, &length) == 0
      }
    }
    guard bound else { throw LocalClusterError("cannot find a free port") }
    return Int(UInt16(bigEndian: address.sin_port))
  }

  /// A value for a libpq keyword string, quoted so spaces and quotes survive.
  static func quoted(_ value: String) -> String {
    "'"
      + value.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(
        of: "'", with: "\\'") + "'"
  }
}
