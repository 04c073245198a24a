import Foundation

/// A JSON request whose `perform(on:)` comes for free: declare the path and the `Result`
/// the answer decodes into; everything else has a default. A plain GET without parameters
/// declares nothing more:
///
/// ```swift
/// struct Me: DefaultRequest {
///   typealias Result = User   // Decodable and Sendable: handed back as it is
///   var path: String { "/me" }
/// }
///
/// let me = try await Me().perform(on: client)
/// ```
///
/// `method` is GET, `Configuration` is `Void` and `ResultData` is `Result` unless the request
/// says otherwise. A request with parameters declares its `Configuration`; one that hands
/// back something other than the decoded answer declares `ResultData` and `transform`:
///
/// ```swift
/// struct SessionPayload: Decodable, Sendable { let session: UserSession }
///
/// struct SignInRequest: DefaultRequest {
///   struct Configuration: Sendable { var email: String; var password: String }
///   typealias Result = SessionPayload
///   typealias ResultData = UserSession
///   let configuration: Configuration
///
///   var method: HTTPMethod { .post }
///   var path: String { "/v1/auth/sign-in" }
///   var body: (any Encodable & Sendable)? {
///     ["email": configuration.email, "password": configuration.password]
///   }
///   func transform(_ result: SessionPayload) -> UserSession? { result.session }
/// }
///
/// let form = SignInRequest.Configuration(email: typed, password: typedPassword)
/// let session = try await SignInRequest(configuration: form).perform(on: client)
/// ```
public protocol DefaultRequest: Request where Failure == NetworkError, Result: Decodable {
  /// The HTTP method (GET by default).
  var method: HTTPMethod { get }
  /// The path below the client's base URL, not yet percent-encoded.
  var path: String { get }
  /// The query items (none by default).
  var query: [URLQueryItem] { get }
  /// The JSON body (none by default), encoded with `Self.encoder`.
  var body: (any Encodable & Sendable)? { get }
  /// Extra headers (none by default).
  var headers: [String: String] { get }
  /// Whether the request needs an account's bearer token (no by default).
  var requiresAuthorization: Bool { get }
  /// The retry policy, or `nil` (the default) for the client's.
  var retryPolicy: RetryPolicy? { get }
  /// The time limit of one attempt, or `nil` (the default) for the client's.
  var timeout: Duration? { get }
  /// The largest answer and the redirect rule, or `nil` (the default) for the client's.
  var limits: TransferLimits? { get }
  /// Whether the body carries credentials, so no log line or description shows it; `false`
  /// unless overridden (sign-in, token and revocation requests say `true`).
  var carriesCredentials: Bool { get }
  /// The decoder of the answer; `NetworkClient.defaultDecoder` unless overridden.
  static var decoder: JSONDecoder { get }
  /// The encoder of the body; `NetworkClient.defaultEncoder` unless overridden.
  static var encoder: JSONEncoder { get }

  /// Turns the decoded answer into what the caller gets.
  /// - Parameter result: the decoded answer.
  /// - Returns: the caller's value, or `nil` when the answer cannot be used (the caller then
  ///   gets `NetworkError.unexpectedResponse`).
  func transform(_ result: Result) -> ResultData?
}

extension DefaultRequest {
  /// GET: a request that sends something says so.
  public var method: HTTPMethod { .get }
  /// No query items.
  public var query: [URLQueryItem] { [] }
  /// No body.
  public var body: (any Encodable & Sendable)? { nil }
  /// No extra headers.
  public var headers: [String: String] { [:] }
  /// No account needed.
  public var requiresAuthorization: Bool { false }
  /// The client's retry policy.
  public var retryPolicy: RetryPolicy? { nil }
  /// The client's timeout.
  public var timeout: Duration? { nil }
  /// The client's limits.
  public var limits: TransferLimits? { nil }
  /// No credentials in the body.
  public var carriesCredentials: Bool { false }
  /// The shared decoder: ISO-8601 dates, with or without fractional seconds.
  public static var decoder: JSONDecoder { NetworkClient.defaultDecoder }
  /// The shared encoder: ISO-8601 dates in UTC with `Z`.
  public static var encoder: JSONEncoder { NetworkClient.defaultEncoder }

  /// Sends the request through `client`, decodes the answer and transforms it.
  /// - Parameter client: the client to send it through.
  /// - Returns: the transformed result.
  /// - Throws: `NetworkError`: anything `NetworkClient.response(for:)` throws, `.decoding`
  ///   when the answer does not match `Result`, `.unexpectedResponse` when `transform`
  ///   returns `nil`.
  public func perform(on client: NetworkClient) async throws(NetworkError) -> ResultData {
    let response = try await client.response(for: try endpoint())
    let result = try Self.decodeResult(from: response.data)
    guard let data = transform(result) else {
      throw .unexpectedResponse("\(Self.self).transform(_:) returned nil")
    }
    return data
  }

  /// The HTTP call this request makes, body encoded.
  /// - Returns: the endpoint.
  /// - Throws: `.encoding` when the body cannot be encoded.
  public func endpoint() throws(NetworkError) -> Endpoint {
    var data: Data?
    if let body {
      do {
        data = try Self.encoder.encode(body)
      } catch let error as EncodingError {
        throw NetworkError(encodingError: error)
      } catch {
        throw .encoding(path: "", detail: String(describing: error))
      }
    }
    return Endpoint(
      method, path, query: query, headers: headers, body: data,
      requiresAuthorization: requiresAuthorization, retryPolicy: retryPolicy, timeout: timeout,
      limits: limits, carriesCredentials: carriesCredentials)
  }

  /// Decodes a 2xx body into `Result`; an `EmptyResult` needs no body at all.
  /// - Parameter data: the body.
  /// - Returns: the decoded answer.
  /// - Throws: `.decoding` with the coding path of the first mismatch.
  public static func decodeResult(from data: Data) throws(NetworkError) -> Result {
    if Result.self == EmptyResult.self, let empty = EmptyResult() as? Result { return empty }
    guard !data.isEmpty else {
      throw .decoding(path: "", detail: "the answer had no body where JSON was expected")
    }
    do {
      return try decoder.decode(Result.self, from: data)
    } catch let error as DecodingError {
      throw NetworkError(decodingError: error)
    } catch {
      throw .decoding(path: "", detail: String(describing: error))
    }
  }
}

extension DefaultRequest where ResultData == Result {
  /// Hands the decoded answer to the caller as it is.
  /// - Parameter result: the decoded answer.
  /// - Returns: `result`.
  public func transform(_ result: Result) -> ResultData? { result }
}
