/// Routes by exact path and method, registered by the front end (the phone API, the preview
/// page); the server itself knows no route. An unknown path is 404; a known path asked with
/// another method is 405 with an `Allow` header.
///
/// A route may block (the default: it may wait on a database) or not. The server runs one that
/// may on its workers, behind their admission queue, so it never holds a network thread; one
/// that never waits (`blocking: false`: health, metrics, static bytes) runs at once on the
/// network thread and is answered even while every worker is busy.
///
/// A blocking route may also say how to answer from memory (`fromMemory`): tried first, on the
/// network thread, it answers what it can without waiting — a feed the process has cached —
/// and returns nil for the rest, which go to the workers. The common request then costs no
/// hand-over to a worker thread and back; only the ones that need the database queue.
public struct Router: Sendable {
  /// What a route does with a request; throw an `HTTPError` to refuse it.
  public typealias Handler = @Sendable (HTTPRequest) throws -> HTTPResponse
  /// A route's answer from memory, or nil when the request needs its (blocking) handler. It
  /// must never wait: it runs on a network thread.
  public typealias MemoryHandler = @Sendable (HTTPRequest) -> HTTPResponse?

  /// A route found for a request: its path (the label metrics count it under), its handler,
  /// whether that may block, and its answer from memory if it has one.
  public struct Match: Sendable {
    public let route: String
    public let handler: Handler
    public let blocking: Bool
    public let fromMemory: MemoryHandler?
  }

  private struct Route: Sendable {
    let handler: Handler
    let blocking: Bool
    var fromMemory: MemoryHandler? = nil
  }

  private var routes: [String: [String: Route]] = [:]
  private var prefixRoutes: [String: [String: Route]] = [:]

  /// The client a request counts against for the workers' fair share (`HTTPLimits`
  /// `maxWorkersPerClient`, `maxQueuedPerClient`): the front end knows what a client is (the
  /// phone API: its bearer token); by default, its address.
  public var fairnessKey: @Sendable (HTTPRequest) -> String = { $0.remoteAddress }

  public init() {}

  /// Registers `handler` for `method` (`GET`, `POST`, …) on `path`; a later registration of the
  /// same pair replaces the earlier one. `blocking: false` for a handler that never waits.
  public mutating func add(
    _ method: String, _ path: String, blocking: Bool = true, _ handler: @escaping Handler
  ) {
    routes[path, default: [:]][method.uppercased()] = Route(handler: handler, blocking: blocking)
  }

  /// Registers a blocking `handler` for `method` on `path` that `fromMemory` answers first,
  /// on the network thread, whenever it can without waiting (nil: the handler runs on a worker).
  public mutating func add(
    _ method: String, _ path: String, fromMemory: @escaping MemoryHandler,
    _ handler: @escaping Handler
  ) {
    routes[path, default: [:]][method.uppercased()] = Route(
      handler: handler, blocking: true, fromMemory: fromMemory)
  }

  /// Registers `handler` for `method` on every path that starts with `prefix` (`/owners/`), for
  /// pages that carry an id in their path. An exact route wins, then the longest prefix; metrics
  /// count such a request under `prefix*`.
  public mutating func add(
    _ method: String, prefix: String, blocking: Bool = true, _ handler: @escaping Handler
  ) {
    prefixRoutes[prefix, default: [:]][method.uppercased()] = Route(
      handler: handler, blocking: blocking)
  }

  /// The paths registered, sorted: what the metrics label by.
  public var paths: [String] { (routes.keys + prefixRoutes.keys.map { $0 + "*" }).sorted() }

  /// Every method and path registered, sorted by path then method, a prefix route's path ending
  /// in `*` as metrics label it: what a description of the API, such as its contract, is held to.
  public var registered: [(method: String, path: String)] {
    let exact = routes.flatMap { path, methods in methods.keys.map { (method: $0, path: path) } }
    let prefixed = prefixRoutes.flatMap { prefix, methods in
      methods.keys.map { (method: $0, path: prefix + "*") }
    }
    return (exact + prefixed).sorted { ($0.path, $0.method) < ($1.path, $1.method) }
  }

  /// The route for a request, or the refusal a client receives. `HEAD` is answered by the
  /// `GET` route (the server sends no body for it).
  public func match(method: String, path: String) -> Result<Match, HTTPError> {
    let prefix = prefixRoutes.keys.filter { path.hasPrefix($0) }.max { $0.count < $1.count }
    guard let methods = routes[path] ?? prefix.flatMap({ prefixRoutes[$0] }) else {
      return .failure(.notFound("no route for \(path)"))
    }
    let route = routes[path] == nil ? (prefix ?? path) + "*" : path
    if let found = methods[method] ?? (method == "HEAD" ? methods["GET"] : nil) {
      return .success(
        Match(
          route: route, handler: found.handler, blocking: found.blocking,
          fromMemory: found.fromMemory))
    }
    let allowed = methods.keys.sorted().joined(separator: ", ")
    return .failure(
      HTTPError(
        .methodNotAllowed, code: "method_not_allowed", "\(path) allows \(allowed), not \(method)",
        headers: ["Allow": allowed]))
  }
}
