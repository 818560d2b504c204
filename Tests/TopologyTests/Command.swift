import Foundation

/// A program run to its end, its standard output and error together in a file.
///
/// Not Foundation's `Process`: it decides a child has finished by watching descriptors the
/// child inherits, and `scripts/topology up` leaves daemons behind (PostgreSQL, the servers,
/// nginx) that would hold them, so it would never return (the reason for `Postgres`'s
/// `ChildProcess`). This spawns with every descriptor of ours above standard error closed on
/// exec, waits on the pid, and reads the file afterwards.
enum Command {
  struct Result: Sendable {
    var status: Int32
    var output: String
  }

  static func run(
    _ program: String, _ arguments: [String], environment: [String: String] = [:]
  ) throws -> Result {
    let output = FileManager.default.temporaryDirectory
      .appendingPathComponent("accountfeed-command-\(UUID().uuidString)").path
    defer { unlink(output) }
    closeDescriptorsOnExec()
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    posix_spawn_file_actions_adddup2(&actions, 1, 2)
    // The test runner blocks signals; the daemons a command leaves must not inherit that.
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var signals = sigset_t()
    sigemptyset(&signals)
    posix_spawnattr_setsigmask(&attributes, &signals)
    sigfillset(&signals)
    posix_spawnattr_setsigdefault(&attributes, &signals)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
    let variables = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    let argv = ([program] + arguments).map { strdup($0) } + [nil]
    let envp = variables.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer { for pointer in argv + envp { free(pointer) } }
    var pid: pid_t = 0
    let spawned = posix_spawn(&pid, program, &actions, &attributes, argv, envp)
    guard spawned == 0 else {
      return Result(
        status: 127, output: "cannot run \(program): \(String(cString: strerror(spawned)))")
    }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0, errno == EINTR {}
    let text = (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
    let signal = status & 0x7F
    return Result(status: signal == 0 ? (status >> 8) & 0xFF : 128 + signal, output: text)
  }

  /// Marks every open descriptor above standard error close-on-exec, so no daemon a command
  /// leaves behind holds one of ours (such as the pipe `swift test` reads the results from).
  private static func closeDescriptorsOnExec() {
    guard let entries = try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")
    else { return }
    for descriptor in entries.compactMap({ Int32($0) }) where descriptor > 2 {
      let flags = fcntl(descriptor, F_GETFD)
      if flags >= 0 { _ = fcntl(descriptor, F_SETFD, flags | FD_CLOEXEC) }
    }
  }
}
