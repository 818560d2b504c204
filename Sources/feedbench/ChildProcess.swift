import Foundation

/// One run of another program, measured from outside as a person at a shell would see it: wall
/// time from spawn to exit, and the CPU time the kernel charged that one child (`wait4`),
/// whatever else this process is doing. (Not its peak memory: a spawned child's high-water mark
/// starts from this process's own, which the kernel carries across `exec`.)
struct ChildProcess {
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

  /// An executable named `name`: next to this benchmark's own binary (where `swift build` puts
  /// every product), on `PATH`, or in Debian's versioned PostgreSQL directories.
  static func locate(_ name: String) -> String? {
    let fileManager = FileManager.default
    var directories: [String] = []
    if let own = try? fileManager.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
      directories.append((own as NSString).deletingLastPathComponent)
    }
    directories += (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":")
      .map(String.init)
    let majors = ((try? fileManager.contentsOfDirectory(atPath: "/usr/lib/postgresql")) ?? [])
      .compactMap(Int.init).sorted(by: >)
    directories += majors.map { "/usr/lib/postgresql/\($0)/bin" }
    return directories.map { $0 + "/" + name }.first { fileManager.isExecutableFile(atPath: $0) }
  }
}
