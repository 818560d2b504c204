import AccountModel
import AccountStore
import ArgumentKit
import FeedAssembler
import FeedComponents
import FeedDiff
import FeedService
import Postgres

/// Every way a command can fail, each with its documented exit code.
///
/// Commands throw whatever their libraries throw; `FeedctlCommand` turns it into one of these,
/// so the table of exit codes lives in one place and nothing falls through to a bare 1 (which
/// means "differences found").
struct FeedctlError: Error, CustomStringConvertible, ExitCodeProviding {
  enum Kind: Int32 {
    /// The command line or an input file is wrong.
    case input = 2
    /// The database cannot be reached.
    case unreachable = 3
    /// An owner, account, notice or snapshot named does not exist.
    case notFound = 4
    /// `--expect-version` did not match.
    case versionConflict = 5
    /// The thing to add exists already.
    case alreadyExists = 6
    /// The database refused or failed in another way (including migrations).
    case database = 7
    /// The embedded PostgreSQL could not be set up or started.
    case embedded = 8
  }

  let kind: Kind
  let description: String

  init(_ kind: Kind, _ description: String) {
    self.kind = kind
    self.description = description
  }

  var exitCode: Int32 { kind.rawValue }

  static func input(_ message: String) -> FeedctlError { FeedctlError(.input, message) }

  /// Sorts an error from any layer into its kind, keeping its own one-line description (which
  /// never holds a password: `PostgresError` names the target without it).
  init(classifying error: any Error) {
    let kind: Kind
    var message = String(describing: error)
    switch error {
    case let error as FeedctlError:
      kind = error.kind
    case let error as ValidationError:
      kind = .input
      message = error.message
    case let error as FeedServiceError:
      switch error {
      case .invalidInput, .unauthorized: kind = .input
      case .notFound, .unknownBase: kind = .notFound
      case .unavailable: kind = .unreachable
      case .ownerRequired:
        kind = .input
        message = "no owner given; pass --owner ID or set FEEDCTL_OWNER"
      }
    case let error as BatchChangeError:
      kind = FeedctlError(classifying: error.reason).kind
    case let error as SnapshotRunError:
      kind = FeedctlError(classifying: error.reason).kind
    case is FieldError:
      kind = .input
    case let error as AccountStoreError:
      switch error.reason {
      case .invalid, .overflow, .notAllowed: kind = .input
      case .notFound: kind = .notFound
      case .alreadyExists: kind = .alreadyExists
      case .versionConflict: kind = .versionConflict
      case .migration, .damaged: kind = .database
      case .database(let underlying):
        kind = Self.kind(of: underlying)
      case .change: kind = .database
      }
    case let error as PostgresError:
      kind = Self.kind(of: error)
    case is FeedDocumentError, is DuplicateIdentifierError, is FeedLayoutError, is ScreenError,
      is ClientCapabilitiesError:
      kind = .input
    case is LocalClusterError:
      kind = .embedded
    default:
      kind = .database
    }
    if Self.isMissingSchema(error) {
      message = "the database has no feed tables yet; run 'feedctl migrate' first"
    }
    self.init(kind, message)
  }

  /// `undefined_table`: a configured database that was never migrated.
  private static func isMissingSchema(_ error: any Error) -> Bool {
    switch error {
    case let error as PostgresError: error.sqlState == "42P01"
    case AccountStoreError.database(let error): error.sqlState == "42P01"
    default: false
    }
  }

  private static func kind(of error: PostgresError) -> Kind {
    switch error.kind {
    case .connection: .unreachable
    case .configuration: .input
    default: .database
    }
  }
}
