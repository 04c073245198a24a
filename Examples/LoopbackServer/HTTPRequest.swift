import Foundation

/// One request as a handler sees it: method, decoded path and query, headers, body and the
/// values captured by the route pattern.
///
/// ```swift
/// server.route(.get, "/v1/rides/{id}") { request in
///   let id = request.pathParameters["id"] ?? ""
///   let scope = request.query["scope"] ?? "all"
///   return .json(["id": id, "scope": scope])
/// }
/// ```
public struct HTTPRequest: Sendable {
  /// The request method.
  public let method: HTTPMethod
  /// The request target exactly as sent, e.g. `/v1/rides?scope=all`.
  public let target: String
  /// The path, percent-decoded, without the query, e.g. `/v1/rides`; for an absolute-form
  /// target (`http://host/v1/rides`) without the scheme and host too.
  public let path: String
  /// The query items in order, names and values percent-decoded (`+` read as a space).
  public let queryItems: [QueryItem]
  /// The header fields, looked up case-insensitively.
  public let headers: HTTPHeaders
  /// The body; empty when the request had none.
  public let body: Data
  /// Values captured by `{name}` segments of the matched route pattern, percent-decoded.
  public internal(set) var pathParameters: [String: String]
  /// The server's number for the connection the request came on (1, 2, …), so tests can
  /// tell whether a client reused a keep-alive connection.
  public let connectionID: Int

  /// Creates a request, e.g. to call a handler directly in a test.
  /// - Parameters:
  ///   - method: The request method.
  ///   - target: The path and optional query, e.g. `/v1/outbox?to=ann%40example.com`.
  ///   - headers: The header fields.
  ///   - body: The body bytes.
  ///   - pathParameters: Values a route pattern would have captured.
  ///   - connectionID: The connection number; 0 when there is no connection.
  public init(
    method: HTTPMethod, target: String, headers: HTTPHeaders = [:], body: Data = Data(),
    pathParameters: [String: String] = [:], connectionID: Int = 0
  ) {
    let parts = RequestTarget(target)
    self.method = method
    self.target = target
    self.path = parts?.path ?? target
    self.queryItems = parts?.queryItems ?? []
    self.headers = headers
    self.body = body
    self.pathParameters = pathParameters
    self.connectionID = connectionID
  }

  init(
    method: HTTPMethod, target: String, parts: RequestTarget, headers: HTTPHeaders, body: Data,
    connectionID: Int
  ) {
    self.method = method
    self.target = target
    self.path = parts.path
    self.queryItems = parts.queryItems
    self.headers = headers
    self.body = body
    self.pathParameters = [:]
    self.connectionID = connectionID
  }

  /// The query as a dictionary; when a name repeats, its first value wins.
  public var query: [String: String] {
    var result: [String: String] = [:]
    for item in queryItems where result[item.name] == nil {
      result[item.name] = item.value
    }
    return result
  }

  /// The first value of a header.
  /// - Parameter name: The header name, compared case-insensitively.
  /// - Returns: The value, or nil when the header is absent.
  public func header(_ name: String) -> String? {
    headers[name]
  }
}

/// One `name=value` pair of a query string, both percent-decoded; a bare `name` has an empty
/// value.
public struct QueryItem: Sendable, Hashable {
  /// The decoded name.
  public let name: String
  /// The decoded value.
  public let value: String

  /// Creates a query item.
  /// - Parameters:
  ///   - name: The decoded name.
  ///   - value: The decoded value.
  public init(name: String, value: String) {
    self.name = name
    self.value = value
  }
}
