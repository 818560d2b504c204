/// A message delivered by `NOTIFY` to a connection that ran `LISTEN` on its channel.
public struct PostgresNotification: Sendable, Equatable {
  public var channel: String
  public var payload: String
  /// The process id of the server backend that sent it.
  public var senderProcessID: Int32
}
