import Foundation

/// SIGINT and SIGTERM as a clean stop for a foreground server. `block()` must run before any
/// thread starts (threads inherit the mask), so the signals wait for `wait()` instead of killing
/// the process in the middle of a request.
public enum ShutdownSignals {
  private static var set: sigset_t {
    var set = sigset_t()
    sigemptyset(&set)
    sigaddset(&set, SIGINT)
    sigaddset(&set, SIGTERM)
    return set
  }

  /// Holds SIGINT and SIGTERM for `wait()`, in this thread and the threads it starts later.
  public static func block() {
    var set = set
    pthread_sigmask(SIG_BLOCK, &set, nil)
  }

  /// Waits for SIGINT or SIGTERM and returns its name.
  public static func wait() -> String {
    var set = set
    var signal: Int32 = 0
    while sigwait(&set, &signal) != 0 {}
    return signal == SIGTERM ? "SIGTERM" : "SIGINT"
  }
}
