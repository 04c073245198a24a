/// Why no route answered a request; given to the fallback handler.
public enum RouteMiss: Sendable, Equatable {
  /// No route has this path: the HTTP contract's `404 not_found`.
  case notFound
  /// Routes have this path, but not with this method: the HTTP contract's `405 method_not_allowed`.
  /// `allowed` lists their methods, sorted, for the `Allow` header.
  case methodNotAllowed(allowed: [HTTPMethod])
}
