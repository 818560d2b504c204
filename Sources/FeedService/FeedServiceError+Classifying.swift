import AccountModel
import AccountStore
import FeedAssembler
import FeedComponents
import FeedDiff
import Postgres

extension FeedServiceError {
  /// The message of a configured database that was never migrated (`undefined_table`).
  static let missingSchema = "the database has no feed tables yet; run 'feedctl migrate' first"

  /// Sorts an error from any layer into its kind, keeping its own one-line description (which
  /// never holds a password: `PostgresError` names the target without it).
  public init(classifying error: any Error) {
    switch error {
    case let error as FeedServiceError:
      self = error
    case let error as BatchChangeError:
      self.init(FeedServiceError(classifying: error.reason).kind, error.description)
    case let error as SnapshotRunError:
      self.init(FeedServiceError(classifying: error.reason).kind, error.description)
    case let error as AccountStoreError:
      self.init(Self.kind(of: error.reason), Self.message(of: error))
    case let error as PostgresError:
      self.init(Self.kind(of: error), Self.message(of: error))
    case let error as ScreenError:
      self.init(Self.kind(of: error), error.description)
    case is FieldError, is ClientCapabilitiesError:
      self.init(.invalidInput, String(describing: error))
    case is FeedDocumentError, is DuplicateIdentifierError, is FeedLayoutError:
      self.init(.malformedDocument, String(describing: error))
    case is LocalClusterError:
      self.init(.embedded, String(describing: error))
    default:
      self.init(.internal, String(describing: error))
    }
  }

  private static func kind(of error: AccountStoreError) -> Kind {
    switch error {
    case .invalid, .overflow, .notAllowed: .invalidInput
    case .notFound: .notFound
    case .alreadyExists: .exists
    case .versionConflict: .conflict
    case .migration: .notMigrated
    case .database(let underlying): kind(of: underlying)
    case .damaged, .change: .internal
    }
  }

  private static func kind(of error: PostgresError) -> Kind {
    if error.sqlState == "42P01" { return .notMigrated }
    switch error.kind {
    case .connection: return .unreachable
    case .configuration: return .misconfigured
    case .server, .decoding, .client: return .internal
    }
  }

  private static func kind(of error: ScreenError) -> Kind {
    switch error {
    case .invalidName: .invalidInput
    case .unknown: .unknownScreen
    }
  }

  private static func message(of error: AccountStoreError) -> String {
    if case .database(let underlying) = error { return message(of: underlying) }
    return error.description
  }

  private static func message(of error: PostgresError) -> String {
    error.sqlState == "42P01" ? missingSchema : error.description
  }
}
