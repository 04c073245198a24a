import Foundation

/// Everything that can go wrong with a request, as cases a caller can switch on. Each has a
/// stable `code` and a `message` a person understands; `description` never contains a token,
/// a password or a one-time code.
///
/// ```swift
/// do {
///   let user = try await MeRequest().perform(on: client)
/// } catch .transport(.offline) {
///   showOfflineBanner()
/// } catch .http(status: 404, _) {
///   showNotFound()
/// } catch {
///   show(error.message)
/// }
/// ```
public enum NetworkError: Error, Sendable, Equatable {
  /// The URL could not be built from the base URL, path and query.
  case invalidURL(String)
  /// Plain `http://` to a host that is not loopback, refused because the client does not
  /// allow insecure HTTP. Carries the host.
  case insecureURL(host: String)
  /// A base URL carrying a user name or password (`https://ann:pw@host`), refused: HTTP
  /// forbids it (RFC 9110, section 4.2.4), libcurl would send it as credentials, and every
  /// log line printing the URL would show it. Carries the host.
  case userInfoInURL(host: String)
  /// The request body could not be encoded as JSON; `path` is the coding path.
  case encoding(path: String, detail: String)
  /// The request needs an account but no access token could be had (no authorization
  /// provider, or the provider failed with an error of its own).
  case authorizationUnavailable(reason: String)
  /// No HTTP response: offline, DNS, connection refused or lost, TLS.
  case transport(TransportFailure)
  /// The request took longer than its timeout.
  case timeout
  /// The calling task was cancelled.
  case cancelled
  /// A non-2xx answer: its status and its body (the first `NetworkError.bodyLimit` bytes),
  /// for the server's adapter to read its own error shape from. The client reads no body:
  /// `excerpt` shows it redacted, and `description` never shows more.
  case http(status: Int, body: Data)
  /// A 2xx body that did not match the expected JSON; `path` is the coding path, like
  /// `rides[3].status`.
  case decoding(path: String, detail: String)
  /// A 2xx answer the request could not use (its transform refused it, or it was not HTTP).
  case unexpectedResponse(String)
  /// The answer's body grew past the limit (`TransferLimits.maximumBodySize`, in bytes after
  /// content decoding); the transfer was cancelled there and nothing of it is kept.
  case responseTooLarge(limit: Int)

  /// The most bytes of a response body an `.http` excerpt keeps.
  public static let excerptLimit = 512

  /// The most bytes of an error answer's body an `.http` error keeps.
  public static let bodyLimit = 64 * 1024

  /// The HTTP status for `.http`, else `nil`.
  public var status: Int? {
    guard case .http(let status, _) = self else { return nil }
    return status
  }

  /// The body of an `.http` answer, else `nil`.
  public var body: Data? {
    guard case .http(_, let body) = self else { return nil }
    return body
  }

  /// A short excerpt of an `.http` answer's body (at most `excerptLimit` bytes, control
  /// characters escaped, secret-looking values redacted), else `nil`.
  public var excerpt: String? {
    guard case .http(_, let body) = self else { return nil }
    return Redactor.excerpt(of: body)
  }
}
