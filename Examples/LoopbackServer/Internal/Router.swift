/// The route table: method plus path pattern to handler, and the fallback for misses. Routes
/// may be added while the server runs, so the table sits behind a lock.
final class Router: Sendable {
  /// What a request resolved to.
  enum Resolution {
    case route(LoopbackServer.Handler, parameters: [String: String])
    case miss(LoopbackServer.Fallback, RouteMiss)
  }

  private struct Route: Sendable {
    let method: HTTPMethod
    let pattern: RoutePattern
    let handler: LoopbackServer.Handler
  }

  private struct Table: Sendable {
    var routes: [Route] = []
    var fallback: LoopbackServer.Fallback = Router.defaultFallback
  }

  private let table = Locked(Table())
  /// Whether `HEAD` falls back to the `GET` route.
  private let headUsesGetRoute: Bool

  init(headUsesGetRoute: Bool = true) {
    self.headUsesGetRoute = headUsesGetRoute
  }

  func add(_ method: HTTPMethod, _ pattern: String, _ handler: @escaping LoopbackServer.Handler) {
    let route = Route(method: method, pattern: RoutePattern(pattern), handler: handler)
    table.withLock { table in
      table.routes.removeAll { $0.method == method && $0.pattern == route.pattern }
      table.routes.append(route)
    }
  }

  func setFallback(_ fallback: @escaping LoopbackServer.Fallback) {
    table.withLock { $0.fallback = fallback }
  }

  /// Picks the route whose pattern has the fewest parameters among those that match, so
  /// `/v1/rides/queue` wins over `/v1/rides/{id}` whatever the order of registration. `HEAD`
  /// falls back to the `GET` route unless the configuration says otherwise.
  func resolve(method: HTTPMethod, segments: [String]) -> Resolution {
    let (routes, fallback) = table.withLock { ($0.routes, $0.fallback) }
    var allowed: Set<HTTPMethod> = []
    var best: (route: Route, parameters: [String: String], getOnly: Bool)?
    for route in routes {
      guard let parameters = route.pattern.match(segments) else { continue }
      allowed.insert(route.method)
      let viaGet = headUsesGetRoute && method == .head && route.method == .get
      guard route.method == method || viaGet else { continue }
      if let current = best {
        let fewer = route.pattern.parameterCount < current.route.pattern.parameterCount
        let sameButExact = route.pattern.parameterCount == current.route.pattern.parameterCount
          && current.getOnly && !viaGet
        guard fewer || sameButExact else { continue }
      }
      best = (route, parameters, viaGet)
    }
    if let best {
      return .route(best.route.handler, parameters: best.parameters)
    }
    if allowed.isEmpty {
      return .miss(fallback, .notFound)
    }
    return .miss(fallback, .methodNotAllowed(allowed: allowed.sorted { $0.rawValue < $1.rawValue }))
  }

  /// The HTTP contract's answers: `404 not_found` and `405 method_not_allowed` with an `Allow`
  /// header.
  static let defaultFallback: LoopbackServer.Fallback = { request, miss in
    switch miss {
    case .notFound:
      return .error(
        status: 404, code: "not_found",
        message: "There is nothing at \(Router.printable(request.path)).")
    case .methodNotAllowed(let allowed):
      let names = allowed.map(\.rawValue).joined(separator: ", ")
      return .error(
        status: 405, code: "method_not_allowed",
        message: "\(request.path) does not accept \(request.method.rawValue); use \(names)."
      ).withHeader("Allow", names)
    }
  }
}

/// A path pattern such as `/v1/rides/{id}/accept`: literal segments and `{name}` segments that
/// capture one whole path segment.
struct RoutePattern: Sendable, Equatable {
  enum Segment: Sendable, Equatable {
    case literal(String)
    case parameter(String)
  }

  let segments: [Segment]
  let parameterCount: Int

  init(_ pattern: String) {
    let body = pattern.hasPrefix("/") ? pattern.dropFirst() : pattern[...]
    segments = body.split(separator: "/", omittingEmptySubsequences: false).map { raw in
      if raw.count > 2, raw.hasPrefix("{"), raw.hasSuffix("}") {
        return .parameter(String(raw.dropFirst().dropLast()))
      }
      return .literal(String(raw))
    }
    parameterCount = segments.filter { if case .parameter = $0 { true } else { false } }.count
  }

  /// The captured parameters when `path` (decoded segments) fits, else nil.
  func match(_ path: [String]) -> [String: String]? {
    guard path.count == segments.count else { return nil }
    var parameters: [String: String] = [:]
    for (segment, value) in zip(segments, path) {
      switch segment {
      case .literal(let literal):
        guard literal == value else { return nil }
      case .parameter(let name):
        guard !value.isEmpty else { return nil }
        parameters[name] = value
      }
    }
    return parameters
  }
}

extension Router {
  /// A path as an error message may echo it: control characters (the decoded `%00`, `%1B`)
  /// become `?`, and at most 200 characters are kept.
  static func printable(_ path: String) -> String {
    String(
      String.UnicodeScalarView(
        path.unicodeScalars.prefix(200).map { scalar in
          switch scalar.properties.generalCategory {
          case .control, .format, .lineSeparator, .paragraphSeparator: "?"
          default: scalar
          }
        }))
  }
}
