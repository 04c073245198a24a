import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Sends one HTTP request and returns the raw answer. `URLSessionTransport` is the real one;
/// tests of other layers can put a fake in its place.
///
/// ```swift
/// struct Offline: HTTPTransport {
///   func send(_ request: URLRequest, timeout: Duration?) async throws(NetworkError)
///     -> (Data, HTTPURLResponse) { throw .transport(.offline) }
/// }
/// let client = NetworkClient(baseURL: url, transport: Offline())
/// ```
public protocol HTTPTransport: Sendable {
  /// Sends `request` once (the client does the retrying) and returns the body and response,
  /// whatever the status.
  /// - Parameters:
  ///   - request: the complete request, headers and body included.
  ///   - timeout: the longest the whole exchange may take, or `nil` for no limit of its own.
  /// - Returns: the body (empty when there was none) and the HTTP response.
  /// - Throws: `.cancelled` promptly when the calling task is cancelled, `.timeout` past
  ///   `timeout`, `.transport` when no HTTP response came.
  func send(_ request: URLRequest, timeout: Duration?) async throws(NetworkError)
    -> (Data, HTTPURLResponse)
}
