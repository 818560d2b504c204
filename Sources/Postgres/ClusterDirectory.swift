import Foundation

/// The directory a `LocalCluster` lives in, made ready without taking over anyone's files.
///
/// A cluster only ever moves into a directory it created, or one that is empty: it never
/// changes the owner or mode of a directory it did not make, and it refuses one that already
/// holds other files. A marker file records the claim, so the next start knows the directory is
/// the cluster's own. Everything the server itself writes (`data`, `run`, `server.log`) is
/// created here and, when we are root, given to the `postgres` user one path at a time.
struct ClusterDirectory {
  let path: String

  /// The file that says this directory belongs to a cluster.
  static let markerName = ".accountfeed-cluster"
  /// Entries a fresh file system or an older release may have left in a directory that still
  /// counts as empty or as the cluster's own.
  private static let ignorable: Set<String> = ["lost+found"]

  /// The longest path a unix socket can have (`sun_path` holds 108 bytes with the final NUL).
  static let socketPathLimit = 107

  /// Creates the directory and its missing parents; the ones made here get mode 755, so the
  /// `postgres` user can pass through them.
  func create() throws {
    var status = stat()
    if stat(path, &status) == 0 {
      guard status.st_mode & S_IFMT == S_IFDIR else {
        throw LocalClusterError(
          "cannot use \(path) for the database: it is a file, not a directory")
      }
      return
    }
    var built = ""
    for component in path.split(separator: "/") {
      built += "/" + component
      guard mkdir(built, 0o755) == 0 else {
        let failure = errno
        if failure == EEXIST, stat(built, &status) == 0, status.st_mode & S_IFMT == S_IFDIR {
          continue
        }
        throw failure == EEXIST || failure == ENOTDIR
          ? LocalClusterError(
            "cannot use \(path) for the database: \(built) is a file, not a directory")
          : LocalClusterError("cannot create \(path) for the database: \(Self.reason(failure))")
      }
      _ = chmod(built, 0o755)
    }
  }

  /// Makes sure the directory is the cluster's: it carries the marker, holds a cluster an
  /// earlier release made, or is empty (and is then marked). Call it holding the start lock, so
  /// two processes cannot both find it empty.
  func claim() throws {
    let marker = path + "/" + Self.markerName
    let fileManager = FileManager.default
    if fileManager.fileExists(atPath: marker) { return }
    guard let entries = try? fileManager.contentsOfDirectory(atPath: path) else {
      throw LocalClusterError("cannot use \(path) for the database: its files cannot be listed")
    }
    let olderCluster = fileManager.fileExists(atPath: path + "/data/accountfeed.conf")
    guard olderCluster || Set(entries).isSubset(of: Self.ignorable) else {
      throw LocalClusterError(
        "cannot use \(path) for the database: it is not empty and holds no AccountFeed database; choose a new or empty directory"
      )
    }
    try Self.write(
      "This directory holds an AccountFeed PostgreSQL cluster (data, run, server.log).\n",
      to: marker)
  }

  /// Creates what the server writes to, unless present, owned by `serverUser` when given.
  func prepareServerPaths(data: String, socket: String, log: String, serverUser: passwd?) throws {
    for (directory, mode) in [(data, mode_t(0o700)), (socket, mode_t(0o755))] {
      guard mkdir(directory, mode) == 0 else {
        guard errno == EEXIST else {
          throw LocalClusterError("cannot create \(directory): \(Self.reason(errno))")
        }
        continue
      }
      _ = chmod(directory, mode)
      try hand(directory, to: serverUser)
    }
    let descriptor = open(log, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
    if descriptor >= 0 {
      close(descriptor)
      try hand(log, to: serverUser)
    } else if errno != EEXIST {
      throw LocalClusterError("cannot create \(log): \(Self.reason(errno))")
    }
  }

  /// Fails when the socket the server would create under `socketDirectory` cannot exist.
  static func checkSocketPath(_ socketDirectory: String) throws {
    let length = (socketDirectory + "/.s.PGSQL.65535").utf8.count
    guard length <= socketPathLimit else {
      throw LocalClusterError(
        "cannot use \(socketDirectory) for the server's socket: its path would be \(length) bytes, over the \(socketPathLimit) a unix socket allows; choose a shorter directory"
      )
    }
  }

  /// Writes `text` to `path` in place, as one file the process creates or truncates.
  static func write(_ text: String, to path: String) throws {
    let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else {
      throw LocalClusterError("cannot write \(path): \(reason(errno))")
    }
    defer { close(descriptor) }
    try append(text, to: descriptor, path: path)
  }

  /// Appends `text` to the existing file `path`.
  static func append(_ text: String, toFile path: String) throws {
    let descriptor = open(path, O_WRONLY | O_APPEND | O_CLOEXEC)
    guard descriptor >= 0 else {
      throw LocalClusterError("cannot write \(path): \(reason(errno))")
    }
    defer { close(descriptor) }
    try append(text, to: descriptor, path: path)
  }

  private static func append(_ text: String, to descriptor: Int32, path: String) throws {
    let bytes = Array(text.utf8)
    var written = 0
    while written < bytes.count {
      let count = bytes[written...].withUnsafeBytes {
        Glibc.write(descriptor, $0.baseAddress, $0.count)
      }
      guard count > 0 else { throw LocalClusterError("cannot write \(path): \(reason(errno))") }
      written += count
    }
  }

  private func hand(_ path: String, to user: passwd?) throws {
    guard let user else { return }
    guard chown(path, user.pw_uid, user.pw_gid) == 0 else {
      throw LocalClusterError("cannot hand \(path) to the postgres user: \(Self.reason(errno))")
    }
  }

  static func reason(_ code: Int32) -> String {
    String(cString: strerror(code))
  }
}
