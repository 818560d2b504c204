import Foundation

/// Why the server could not start, in one line naming the address.
public enum HTTPServerError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The socket could not be bound or listened on (`reason` is the system's word for why).
  case cannotListen(ListenAddress, reason: String)
  /// libmicrohttpd refused to start on a bound socket.
  case cannotStart(ListenAddress)
  /// `start` was called on a server that runs.
  case alreadyRunning

  public var description: String {
    switch self {
    case .cannotListen(let address, let reason): "cannot listen on \(address): \(reason)"
    case .cannotStart(let address): "the HTTP server could not start on \(address)"
    case .alreadyRunning: "the HTTP server is running already"
    }
  }
}
