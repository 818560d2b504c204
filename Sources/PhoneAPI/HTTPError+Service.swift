import AccountModel
import AccountStore
import FeedAssembler
import FeedComponents
import FeedService
import HTTPServer
import Postgres

extension HTTPError {
  /// The one place a service, store or database error becomes a status: routes throw what the
  /// service throws and this sorts it. The message is the error's own line; no credential is in
  /// any of them.
  public init(serviceError error: any Error) {
    switch error {
    case let error as HTTPError:
      self = error
    case let error as FeedServiceError:
      switch error {
      case .notFound(let message): self = .notFound(message)
      case .invalidInput, .ownerRequired: self = .badRequest(error.description)
      case .unauthorized(let message):
        self = HTTPError(
          .unauthorized, code: "unauthorized", message, headers: ["WWW-Authenticate": "Bearer"])
      case .unknownBase(let message):
        self = HTTPError(.conflict, code: "refetch", "\(message): GET /v1/feed")
      case .unavailable(let message): self = .unavailable(message)
      }
    case let error as ScreenError:
      switch error {
      case .invalidName: self = .badRequest(error.description)
      case .unknown: self = .notFound(error.description)
      }
    case let error as ClientCapabilitiesError:
      self = .badRequest(error.description)
    case let error as FieldError:
      self = .badRequest(error.description)
    case let error as BatchChangeError:
      self = HTTPError(serviceError: error.reason)
    case let error as AccountStoreError:
      switch error.reason {
      case .invalid, .overflow, .notAllowed: self = .badRequest(error.description)
      case .notFound: self = .notFound(error.description)
      case .alreadyExists, .versionConflict:
        self = HTTPError(.conflict, code: "conflict", error.description)
      case .migration: self = .unavailable(error.description)
      case .database(let underlying): self = HTTPError(serviceError: underlying)
      case .change, .damaged: self = .internal(error)
      }
    case let error as PostgresError where error.kind == .connection:
      self = .unavailable("the database cannot be reached")
    default:
      self = .internal(error)
    }
  }
}
