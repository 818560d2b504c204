import Foundation

/// Runs a program and waits for it with `posix_spawn` and `waitpid`.
///
/// Foundation's `Process` decides a child has finished by watching descriptors the child
/// inherits; `pg_ctl start` leaves a daemon behind that may hold them, and `waitUntilExit` then
/// never returns. Waiting on the pid itself has no such failure. Output goes to a file rather
/// than a pipe for the same reason: nobody has to read until the daemon closes it.
///
/// The server `pg_ctl` starts outlives this process, so it must not inherit any descriptor of
/// ours — a pipe or socket our own parent watches to see us finish would otherwise stay open for
/// as long as the server runs. Before spawning, every descriptor above standard error is marked
/// close-on-exec (glibc's `posix_spawn_file_actions_addclosefrom_np` would do it in the child, but
/// Swift's Glibc module does not export it).
enum ChildProcess {
  /// Runs `command` (absolute path first) with stdin from /dev/null and stdout and stderr
  /// appended to `outputPath`; returns the exit status (128 + signal when killed).
  static func run(_ command: [String], outputPath: String) throws -> Int32 {
    markDescriptorsCloseOnExec()
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_APPEND, 0o600)
    posix_spawn_file_actions_adddup2(&actions, 1, 2)
    let arguments = command.map { strdup($0) } + [nil]
    defer { for argument in arguments { free(argument) } }
    var pid: pid_t = 0
    let spawned = posix_spawn(&pid, command[0], &actions, nil, arguments, environ)
    guard spawned == 0 else {
      throw LocalClusterError("cannot run \(command[0]): \(String(cString: strerror(spawned)))")
    }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 {
      guard errno == EINTR else { throw LocalClusterError("lost track of \(command[0])") }
    }
    let signal = status & 0x7F
    return signal == 0 ? (status >> 8) & 0xFF : 128 + signal
  }

  private static func markDescriptorsCloseOnExec() {
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd") else {
      return
    }
    for descriptor in names.compactMap(Int32.init) where descriptor > 2 {
      let flags = fcntl(descriptor, F_GETFD)
      if flags >= 0 { _ = fcntl(descriptor, F_SETFD, flags | FD_CLOEXEC) }
    }
  }
}
