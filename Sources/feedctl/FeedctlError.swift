import ArgumentKit
import FeedService

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

  /// The service's classification of `error` (`FeedServiceError(classifying:)`) with its exit
  /// code; usage errors are feedctl's own. The message is the failure's own line (which never
  /// holds a password), and a missing owner says how to give one.
  init(classifying error: any Error) {
    switch error {
    case let error as FeedctlError:
      self = error
    case let error as ValidationError:
      self.init(.input, error.message)
    default:
      let failure = FeedServiceError(classifying: error)
      self.init(
        Self.kind(of: failure.kind),
        failure == .ownerRequired
          ? "no owner given; pass --owner ID or set FEEDCTL_OWNER" : failure.message)
    }
  }

  /// The exit code for each kind of failure.
  private static func kind(of kind: FeedServiceError.Kind) -> Kind {
    switch kind {
    case .invalidInput, .unknownScreen, .malformedDocument, .misconfigured, .unauthorized: .input
    case .notFound, .refetch: .notFound
    case .exists: .alreadyExists
    case .conflict: .versionConflict
    case .unavailable, .unreachable: .unreachable
    case .notMigrated, .internal: .database
    case .embedded: .embedded
    }
  }
}
