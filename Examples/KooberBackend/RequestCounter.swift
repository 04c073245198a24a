import WireFormat

/// Thread-safe counts of the requests each route received, so tests can assert e.g.
/// "exactly one refresh request" after a burst of concurrent calls.
///
/// ```swift
/// #expect(backend.requests.count(.post, "/v1/auth/refresh") == 1)
/// ```
public final class RequestCounter: Sendable {
  private let counts = Locked<[String: Int]>([:])

  init() {}

  /// How many requests a route has received since the backend started.
  /// - Parameters:
  ///   - method: the method, e.g. `"POST"`.
  ///   - path: the route's path as the HTTP contract writes it, e.g. `"/v1/auth/refresh"`.
  /// - Returns: the count; requests answered 404 or 405 by the server are not counted.
  public func count(_ method: String, _ path: String) -> Int {
    counts.withLock { $0[Self.key(method, path)] ?? 0 }
  }

  /// Every count, keyed `"METHOD path"`, e.g. `"POST /v1/auth/refresh"`.
  public var all: [String: Int] {
    counts.value
  }

  func record(_ method: String, _ path: String) {
    counts.withLock { $0[Self.key(method, path), default: 0] += 1 }
  }

  private static func key(_ method: String, _ path: String) -> String {
    method.uppercased() + " " + path
  }
}
