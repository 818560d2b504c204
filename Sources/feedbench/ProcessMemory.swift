import Foundation

/// The process's resident-memory high-water mark, read from `/proc/self/status`, and another
/// process's resident memory, read from its `/proc/PID/status`.
///
/// `reset()` writes 5 to `/proc/self/clear_refs`, which lets each scenario report its own peak
/// rather than the largest of all scenarios run before it.
enum ProcessMemory {
  /// Peak resident set size (VmHWM) in mebibytes, or nil where `/proc` is not available.
  static func peakResidentMegabytes() -> Double? {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else {
      return nil
    }
    for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
      let digits = line.split(separator: " ").dropFirst().first.flatMap { Int($0) }
      return digits.map { Double($0) / 1024 }
    }
    return nil
  }

  /// Another process's resident set size (VmRSS) in mebibytes, or nil when it is gone: the
  /// server's memory as the HTTP benchmarks see it from outside.
  static func residentMegabytes(of pid: Int32) -> Double? {
    guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else {
      return nil
    }
    for line in status.split(separator: "\n") where line.hasPrefix("VmRSS:") {
      return line.split(separator: " ").dropFirst().first.flatMap { Double($0) }.map { $0 / 1024 }
    }
    return nil
  }

  /// Starts a new high-water mark at the current resident size, after handing the memory the
  /// allocator keeps free back to the system (`malloc_trim`): otherwise a scenario could run in
  /// memory an earlier one freed, still resident, and its peak would not show it.
  static func reset() {
    // glibc's `malloc_trim`, looked up at run time: its header is not part of Glibc's module.
    if let symbol = dlsym(dlopen(nil, RTLD_NOW), "malloc_trim") {
      _ = unsafeBitCast(symbol, to: (@convention(c) (Int) -> Int32).self)(0)
    }
    try? "5".write(toFile: "/proc/self/clear_refs", atomically: false, encoding: .utf8)
  }
}
