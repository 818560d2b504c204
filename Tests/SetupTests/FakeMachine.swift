import Foundation

/// A made-up machine for `scripts/setup`: a directory standing for `/`, holding the files that
/// Debian packages would install, and a `PATH` of stand-in programs. `id` and `uname` answer as
/// told; `apt-get`, `sudo`, `brew`, `python3 -m venv` and the environment's `pip` only append
/// their arguments to a log (`calls`).
final class FakeMachine {
  /// Every package and program `scripts/setup` looks for on Debian, plus `apt-get` and `swift`,
  /// and a Python environment holding the pinned checkers (`venv`).
  static let everything: Set<String> = [
    "swift", "apt-get", "pkg-config", "libpq-dev", "libssl-dev", "libmicrohttpd-dev",
    "zlib1g-dev", "postgresql", "chromium", "python3-venv", "venv", "nginx",
  ]

  /// The pins `scripts/setup test` installs.
  static let requirements = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("../../scripts/python-requirements.txt").standardized

  /// The files each Debian package is recognised by.
  private static let files: [String: String] = [
    "libpq-dev": "usr/include/postgresql/libpq-fe.h",
    "libssl-dev": "usr/include/openssl/evp.h",
    "libmicrohttpd-dev": "usr/include/microhttpd.h",
    "zlib1g-dev": "usr/include/zlib.h",
    "postgresql": "usr/lib/postgresql/15/bin/initdb",
    "nginx": "usr/sbin/nginx",
  ]

  struct Run {
    var status: Int32
    var output: String
    var errors: String
  }

  let root: URL
  /// Where the Python environment is made (`ACCOUNTFEED_PYTHON_VENV`).
  let venv: URL
  private let bin: URL
  private let log: URL

  /// - Parameter has: packages and programs present; `brew:NAME` is a formula Homebrew has;
  ///   `venv` is a Python environment made earlier, holding the current pins.
  init(uid: Int, system: String = "Linux", has: Set<String>) throws {
    root = FileManager.default.temporaryDirectory
      .appendingPathComponent("accountfeed-setup-\(UUID().uuidString)")
    venv = root.appendingPathComponent("python")
    bin = root.appendingPathComponent("bin")
    log = root.appendingPathComponent("calls.log")
    try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
    _ = FileManager.default.createFile(atPath: log.path, contents: nil)
    try program("id", #"echo \#(uid)"#)
    try program("uname", #"echo \#(system)"#)
    for name in has {
      if let file = Self.files[name] {
        let url = root.appendingPathComponent("fs").appendingPathComponent(file)
        try FileManager.default.createDirectory(
          at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: url.path, contents: nil)
      } else if name == "python3-venv" {
        try program("python3", python)
      } else if name == "venv" {
        try makeEnvironment(pins: try String(contentsOf: Self.requirements, encoding: .utf8))
      } else if !name.hasPrefix("brew:") {
        try program(name, stand(in: name, formulae: has))
      }
    }
  }

  /// A Python environment as `scripts/setup` leaves it: a `pip` that logs, and the pins it was
  /// given.
  func makeEnvironment(pins: String) throws {
    try program("pip", #"echo "pip $*" >> '\#(log.path)'"#, in: venv.appendingPathComponent("bin"))
    try pins.write(
      to: venv.appendingPathComponent("requirements.txt"), atomically: true, encoding: .utf8)
  }

  /// `python3`: `-c` (the check for `venv` and `ensurepip`) passes; `-m venv DIR` logs and makes
  /// DIR with a `pip` that logs.
  private var python: String {
    #"""
    if [ "$1" = -m ]; then
      echo "python3 $*" >> '\#(log.path)'
      /bin/mkdir -p "$3/bin"
      printf '#!/bin/sh\necho "pip $*" >> %s\n' "'\#(log.path)'" > "$3/bin/pip"
      /bin/chmod +x "$3/bin/pip"
    fi
    """#
  }

  deinit {
    try? FileManager.default.removeItem(at: root)
  }

  /// What the stand-ins were asked to do, one line a call.
  var calls: [String] {
    let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
    return text.split(separator: "\n").map(String.init)
  }

  /// Runs `scripts/setup PURPOSE` with only the stand-ins on `PATH`.
  func setup(_ purpose: String, environment: [String: String] = [:]) throws -> Run {
    let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("../../scripts/setup").standardized
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/bash")
    process.arguments = [script.path, purpose]
    process.environment = environment.merging([
      "PATH": bin.path, "ACCOUNTFEED_SETUP_ROOT": root.appendingPathComponent("fs").path,
      "ACCOUNTFEED_PYTHON_VENV": venv.path,
    ]) { $1 }
    let output = Pipe()
    let errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    try process.run()
    let out = output.fileHandleForReading.readDataToEndOfFile()
    let err = errors.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return Run(
      status: process.terminationStatus, output: String(decoding: out, as: UTF8.self),
      errors: String(decoding: err, as: UTF8.self))
  }

  /// The body of a stand-in: the installers log; `brew list` knows the `brew:` formulae.
  private func stand(in name: String, formulae: Set<String>) -> String {
    switch name {
    case "apt-get":
      #"echo "apt-get $* [${DEBIAN_FRONTEND:-asks}]" >> '\#(log.path)'"#
    case "sudo":
      #"echo "sudo $*" >> '\#(log.path)'"#
    case "brew":
      #"""
      if [ "$1" = list ]; then
        case " \#(formulae.sorted().joined(separator: " ")) " in *" brew:$3 "*) exit 0 ;; esac
        exit 1
      fi
      echo "brew $*" >> '\#(log.path)'
      """#
    default:
      "exit 0"
    }
  }

  private func program(_ name: String, _ body: String, in directory: URL? = nil) throws {
    let directory = directory ?? bin
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let url = directory.appendingPathComponent(name)
    try "#!/bin/sh\n\(body)\n".write(to: url, atomically: true, encoding: .utf8)
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: url.path)
  }
}
