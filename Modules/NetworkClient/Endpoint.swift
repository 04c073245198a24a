import Foundation

/// One HTTP call as the client sends it: what `DefaultRequest` builds from its properties,
/// and what a hand-written `Request` passes to `NetworkClient.response(for:)`.
///
/// ```swift
/// let search = [URLQueryItem(name: "q", value: "opera")]
/// let endpoint = Endpoint(.get, "/v1/locations/search", query: search)
/// let response = try await client.response(for: endpoint)
/// ```
public struct Endpoint: Sendable, CustomStringConvertible {
  /// The HTTP method.
  public var method: HTTPMethod
  /// The path below the client's base URL, e.g. `/v1/users/me`.
  public var path: String
  /// The query items, percent-encoded by the client (`+` included).
  public var query: [URLQueryItem]
  /// Extra headers; they override the client's default headers of the same name.
  public var headers: [String: String]
  /// The body, already encoded; sent with `Content-Type: application/json` unless `headers`
  /// says otherwise.
  public var body: Data?
  /// Whether to send `Authorization: Bearer <token>` from the client's provider.
  public var requiresAuthorization: Bool
  /// The retry policy, or `nil` for the client's.
  public var retryPolicy: RetryPolicy?
  /// The longest one attempt may take, or `nil` for the client's timeout.
  public var timeout: Duration?
  /// The largest answer and the redirect rule, or `nil` for the client's.
  public var limits: TransferLimits?
  /// Whether the body carries credentials (a password, a refresh token, a code): then no log
  /// line or description shows any of it, whatever its fields are called, and it never
  /// follows a redirect, opted in or not.
  public var carriesCredentials: Bool

  /// Makes an endpoint.
  /// - Parameters:
  ///   - method: the HTTP method.
  ///   - path: the path below the base URL.
  ///   - query: the query items.
  ///   - headers: extra headers.
  ///   - body: the encoded JSON body.
  ///   - requiresAuthorization: whether to send the bearer token.
  ///   - retryPolicy: the retry policy, or `nil` for the client's.
  ///   - timeout: the time limit of one attempt, or `nil` for the client's.
  ///   - limits: the largest answer and the redirect rule, or `nil` for the client's.
  ///   - carriesCredentials: whether the body carries credentials and is never shown.
  public init(
    _ method: HTTPMethod, _ path: String, query: [URLQueryItem] = [],
    headers: [String: String] = [:], body: Data? = nil, requiresAuthorization: Bool = false,
    retryPolicy: RetryPolicy? = nil, timeout: Duration? = nil, limits: TransferLimits? = nil,
    carriesCredentials: Bool = false
  ) {
    self.method = method
    self.path = path
    self.query = query
    self.headers = headers
    self.body = body
    self.requiresAuthorization = requiresAuthorization
    self.retryPolicy = retryPolicy
    self.timeout = timeout
    self.limits = limits
    self.carriesCredentials = carriesCredentials
  }

  /// Method, path, query and body for people, with secrets redacted.
  public var description: String {
    var text = "\(method.rawValue) \(path)"
    if !query.isEmpty {
      let items = query.map { item in "\(item.name)=\(Redactor.shownValue(of: item) ?? "")" }
      text += "?" + items.joined(separator: "&")
    }
    if !headers.isEmpty { text += " [\(Redactor.describe(headers: headers))]" }
    if let body, !body.isEmpty {
      text +=
        " body: "
        + (carriesCredentials
          ? Redactor.placeholder : Redactor.excerpt(of: body, limit: 1024) ?? "")
    }
    return text
  }
}
