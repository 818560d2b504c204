import Foundation

/// One run of another program, measured from outside as a person at a shell would see it: wall
/// time from spawn to exit, and the CPU time the kernel charged that one child (`wait4`),
/// whatever else this process is doing. (Not its peak memory: a spawned child's high-water mark
/// starts from this process's own, which the kernel carries across `exec`.) The `Postgres`
/// module's own spawner runs `pg_ctl` and waits without usage; this one exists for the figures.
struct MeasuredProgram {
  struct Usage {
    var wall: Duration
    var cpu: Duration
  }

  let path: String
  let arguments: [String]
  let environment: [String: String]

  /// Runs the program once with its standard output going to `/dev/null`, and throws when it
  /// fails, since a failed run measures nothing.
  func run() throws -> Usage {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    let argv = ([path] + arguments).map { strdup($0) } + [nil]
    let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer { for string in argv + envp { free(string) } }
    let clock = ContinuousClock()
    let start = clock.now
    var pid: pid_t = 0
    let spawned = posix_spawn(&pid, path, &actions, nil, argv, envp)
    guard spawned == 0 else {
      throw BenchError("could not start \(path): \(String(cString: strerror(spawned)))")
    }
    var status: Int32 = 0
    var usage = rusage()
    while wait4(pid, &status, 0, &usage) < 0 {
      guard errno == EINTR else { throw BenchError("could not wait for \(path)") }
    }
    let wall = clock.now - start
    // Exited normally (the low seven bits are the signal) with status 0.
    guard status & 0x7f == 0, (status >> 8) & 0xff == 0 else {
      throw BenchError("\(path) \(arguments.joined(separator: " ")) failed (status \(status))")
    }
    func duration(_ time: timeval) -> Duration {
      .seconds(time.tv_sec) + .microseconds(time.tv_usec)
    }
    return Usage(wall: wall, cpu: duration(usage.ru_utime) + duration(usage.ru_stime))
  }

  /// The `feedctl` built beside this benchmark's own binary (where `swift build` puts every
  /// product), if there is one.
  static func feedctlBesideThisProgram() -> String? {
    guard let own = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
    else { return nil }
    let path = (own as NSString).deletingLastPathComponent + "/feedctl"
    return FileManager.default.isExecutableFile(atPath: path) ? path : nil
  }
}
