/// The ways a password can be written into a connection string, each aimed at a server that is
/// down (port 1), for tests that no output ever shows the password: the client's own errors and
/// feedctl's alike.
public enum PasswordForm: String, CaseIterable, Sendable {
  case urlUserInfo, urlQuery, keyword, quotedKeyword, userAndDatabaseNamedLikeThePassword

  public func connectionString(password: String) -> String {
    switch self {
    case .urlUserInfo: "postgresql://feed:\(password)@127.0.0.1:1/feed"
    case .urlQuery: "postgresql://feed@127.0.0.1:1/feed?password=\(password)"
    case .keyword: "host=127.0.0.1 port=1 user=feed password=\(password) dbname=feed"
    case .quotedKeyword: "host=127.0.0.1 port=1 user=feed password='\(password) x' dbname=feed"
    case .userAndDatabaseNamedLikeThePassword:
      "postgresql://hunter2secret:\(password)@127.0.0.1:1/hunter2secret"
    }
  }
}
