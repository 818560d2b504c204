import Foundation

/// A private PostgreSQL server started from the installed `initdb` and `pg_ctl`.
///
/// It is what tests and `feedctl` use when no database is configured, so nothing has to be set
/// up by hand. Everything lives under one directory:
///
///     <directory>/.accountfeed-cluster   marks the directory as the cluster's
///     <directory>/data                   the cluster (PGDATA)
///     <directory>/run                    the unix socket
///     <directory>/server.log             the server's log
///
/// The directory must be new, empty, or already the cluster's (see `ClusterDirectory`): a
/// directory holding anything else is refused, never taken over. The server listens only on its
/// unix socket (no TCP), trusts local connections, and uses `--locale=C.UTF-8`, which exists on
/// every glibc system. PostgreSQL refuses to run as root, so when the current user is root the
/// server programs run as the `postgres` user through `runuser`, and only the paths the server
/// writes are handed to that user — which is why the directory must be somewhere the `postgres`
/// user can reach (not under `/root`).
///
/// Every failure to set it up or start it is a `LocalClusterError` of one line.
public struct LocalCluster: Sendable {
  /// How much the cluster should promise about surviving a crash.
  public enum Durability: Sendable {
    /// PostgreSQL's defaults: for data someone keeps (feedctl's embedded database).
    case durable
    /// `fsync` and synchronous commit off: for clusters thrown away after a test run.
    case throwaway
  }

  /// The cluster's directory, as an absolute path (a relative one is taken from the current
  /// directory, since the server resolves paths from its data directory instead).
  public let directory: String
  public let durability: Durability

  public init(directory: String, durability: Durability = .durable) {
    var path = directory
    if !path.hasPrefix("/") {
      path = FileManager.default.currentDirectoryPath + "/" + path
    }
    while path.count > 1 && path.hasSuffix("/") { path.removeLast() }
    self.directory = path
    self.durability = durability
  }

  public var dataDirectory: String { directory + "/data" }
  public var socketDirectory: String { directory + "/run" }
  public var logFile: String { directory + "/server.log" }

  private static let runsAsRoot = geteuid() == 0

  /// Starts the cluster, creating it first if needed, and returns how to connect to it. If it is
  /// already running, it is reused as it is; if its server died (killed, or the machine
  /// restarted), the leftover pid and socket lock files are cleared and it is started again.
  /// Safe against concurrent callers: they serialise on a lock on the directory.
  @discardableResult
  public func start() throws -> PostgresConfiguration {
    let binaries = try PostgresBinaries.locate()
    try ClusterDirectory.checkSocketPath(socketDirectory)
    let place = ClusterDirectory(path: directory)
    try place.create()
    return try withStartLock {
      try place.claim()
      try place.prepareServerPaths(
        data: dataDirectory, socket: socketDirectory, log: logFile,
        serverUser: Self.runsAsRoot ? try Self.serverUser() : nil)
      if let running = PostmasterProcess.running(in: dataDirectory) {
        return configuration(port: running.port)
      }
      try checkServerUserCanWrite()
      try removeStaleLockFiles()
      if !FileManager.default.fileExists(atPath: dataDirectory + "/PG_VERSION") {
        try initialise(binaries)
      }
      var lastError: Error?
      for attempt in 0..<3 {
        // A server killed a moment ago may leave sessions that still hold its shared memory
        // until they notice; they are gone within a second.
        if attempt > 0 { sleep(1) }
        let port = try Self.freePort()
        try writeSettings(port: port)
        do {
          try run(
            binaries.pgCtl, ["-D", dataDirectory, "-l", logFile, "-w", "-t", "60", "start"],
            failure: "the server did not start", explainedByLog: true)
          return configuration(port: port)
        } catch {
          lastError = error
        }
      }
      throw lastError ?? LocalClusterError("the server did not start")
    }
  }

  /// Stops the server if it runs (fast shutdown: sessions are disconnected, data is kept).
  /// Only a server verified to be this cluster's is signalled (see `PostmasterProcess`).
  public func stop() throws {
    let binaries = try PostgresBinaries.locate()
    guard FileManager.default.fileExists(atPath: dataDirectory + "/PG_VERSION") else { return }
    try withStartLock {
      guard PostmasterProcess.running(in: dataDirectory) != nil else { return }
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
    // The same check as `PostmasterProcess`: only the server working in this data directory
    // is stopped, whatever process the pid file names.
    let script = """
      while kill -0 "$WATCHED" 2>/dev/null; do sleep 0.2; done
      pid=$(head -n 1 "$DATA/postmaster.pid" 2>/dev/null)
      if [ -n "$pid" ] && [ "$(readlink "/proc/$pid/cwd")" = "$(readlink -f "$DATA")" ]; then \(stop); fi
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
    PostmasterProcess.running(in: dataDirectory)?.port
  }

  /// How to reach the server on `port` through its socket, as the `postgres` superuser.
  public func configuration(port: Int, database: String = "postgres") -> PostgresConfiguration {
    PostgresConfiguration(
      "host=\(Self.quoted(socketDirectory)) port=\(port) user=postgres dbname=\(Self.quoted(database))"
    )
  }

  // MARK: Steps

  private static func serverUser() throws -> passwd {
    guard let entry = getpwnam("postgres") else {
      throw LocalClusterError(
        "PostgreSQL will not run as root and there is no 'postgres' user to run it as; install the postgresql package or run as another user"
      )
    }
    return entry.pointee
  }

  /// Fails in one line when the server's user cannot write its data directory — typically
  /// because a parent directory (such as `/root`) is closed to it.
  private func checkServerUserCanWrite() throws {
    guard Self.runsAsRoot else { return }
    do {
      try run("/usr/bin/test", ["-w", dataDirectory], failure: "")
    } catch {
      throw LocalClusterError(
        "the postgres user cannot reach \(directory); choose a directory outside /root, e.g. under /tmp or /var/lib"
      )
    }
  }

  /// Removes the pid file and socket lock files of a server that no longer runs. Call it only
  /// when `PostmasterProcess.running` found no server: the server would otherwise refuse to
  /// start while the pid file names a live process, even an unrelated one.
  private func removeStaleLockFiles() throws {
    let fileManager = FileManager.default
    let sockets = (try? fileManager.contentsOfDirectory(atPath: socketDirectory)) ?? []
    let stale =
      [PostmasterProcess.pidFile(dataDirectory)]
      + sockets.filter { $0.hasPrefix(".s.PGSQL.") }.map { socketDirectory + "/" + $0 }
    for path in stale where unlink(path) != 0 && errno != ENOENT {
      throw LocalClusterError(
        "cannot remove the stale \(path): \(ClusterDirectory.reason(errno))")
    }
  }

  private func initialise(_ binaries: PostgresBinaries) throws {
    var arguments = [
      "-D", dataDirectory, "-U", "postgres", "--auth=trust", "--locale=C.UTF-8", "--encoding=UTF8",
    ]
    if durability == .throwaway { arguments.append("--no-sync") }
    try run(binaries.initdb, arguments, failure: "initdb failed")
    try ClusterDirectory.append(
      "\ninclude_if_exists = 'accountfeed.conf'\n", toFile: dataDirectory + "/postgresql.conf")
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
    try ClusterDirectory.write(settings, to: dataDirectory + "/accountfeed.conf")
  }

  // MARK: Plumbing

  /// Runs `body` holding an exclusive lock on the directory itself (no lock file is needed,
  /// so an empty directory stays empty until it is claimed).
  private func withStartLock<T>(_ body: () throws -> T) throws -> T {
    let descriptor = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard descriptor >= 0 else {
      throw LocalClusterError("cannot open \(directory): \(ClusterDirectory.reason(errno))")
    }
    defer { close(descriptor) }
    flock(descriptor, LOCK_EX)
    defer { flock(descriptor, LOCK_UN) }
    return try body()
  }

  /// Runs a server program (as `postgres` when we are root) and throws with its output when it
  /// fails.
  /// With `explainedByLog`, the server log's last fatal line stands in for the program's own
  /// output, which only says to look there.
  @discardableResult
  private func run(
    _ executable: String, _ arguments: [String], failure: String, explainedByLog: Bool = false
  ) throws -> String {
    let command: [String]
    if Self.runsAsRoot {
      command = ["/usr/sbin/runuser", "-u", "postgres", "--", executable] + arguments
    } else {
      command = [executable] + arguments
    }
    let outputPath = NSTemporaryDirectory() + "accountfeed-\(UUID().uuidString).out"
    defer { try? FileManager.default.removeItem(atPath: outputPath) }
    let logStart = explainedByLog ? Self.size(of: logFile) : 0
    let status = try ChildProcess.run(command, outputPath: outputPath)
    let text = (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? ""
    guard status == 0 else {
      let detail =
        (explainedByLog ? lastLoggedFailure(after: logStart) : nil)
        ?? ConnectionHandle.oneLine(text)
      throw LocalClusterError(
        failure + (detail.isEmpty ? "" : ": \(detail)") + " (log: \(logFile))")
    }
    return text
  }

  /// The last `FATAL` or `PANIC` message the server logged after byte `offset` (without the
  /// line's timestamp): why it would not start this time.
  private func lastLoggedFailure(after offset: Int) -> String? {
    guard let log = FileManager.default.contents(atPath: logFile), log.count > offset else {
      return nil
    }
    let lines = String(decoding: log[offset...], as: UTF8.self).split(whereSeparator: \.isNewline)
    for line in lines.reversed() {
      guard let level = line.range(of: "FATAL:") ?? line.range(of: "PANIC:") else { continue }
      return line[level.lowerBound...].split(separator: " ").joined(separator: " ")
    }
    return nil
  }

  private static func size(of path: String) -> Int {
    var status = stat()
    return stat(path, &status) == 0 ? Int(status.st_size) : 0
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
