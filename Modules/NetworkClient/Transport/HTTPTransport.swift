import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Sends one HTTP request and returns the raw answer. ``DefaultHTTPTransport`` is the real
/// one (``URLSessionTransport``; on Linux ``CurlTransport``); tests of other layers can put a
/// fake in its place.
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

  /// Sends `request` once within `limits`: a body larger than `limits.maximumBodySize`
  /// fails with `.responseTooLarge`, and a `3xx` answer is returned, not followed, unless
  /// `limits` allows a same-origin redirect. `URLSessionTransport()` and `CurlTransport()`
  /// enforce the size as the bytes arrive; the default implementation, for transports that
  /// only implement `send(_:timeout:)`, checks it once the whole body is there.
  /// - Parameters:
  ///   - request: the complete request.
  ///   - timeout: the longest the whole exchange may take, or `nil`.
  ///   - limits: the body limit and the redirect rule.
  /// - Returns: the body and the HTTP response.
  /// - Throws: like `send(_:timeout:)`, and `.responseTooLarge` past the limit.
  func send(_ request: URLRequest, timeout: Duration?, limits: TransferLimits)
    async throws(NetworkError) -> (Data, HTTPURLResponse)
}

extension HTTPTransport {
  /// Sends through `send(_:timeout:)`, then checks the body's size: a transport that reads
  /// the whole answer first cannot stop it sooner.
  /// - Parameters:
  ///   - request: the complete request.
  ///   - timeout: the longest the whole exchange may take, or `nil`.
  ///   - limits: the body limit (the redirect rule is the transport's own).
  /// - Returns: the body and the HTTP response.
  /// - Throws: like `send(_:timeout:)`, and `.responseTooLarge` past the limit.
  public func send(_ request: URLRequest, timeout: Duration?, limits: TransferLimits)
    async throws(NetworkError) -> (Data, HTTPURLResponse)
  {
    let (data, response) = try await send(request, timeout: timeout)
    guard data.count <= limits.maximumBodySize else {
      throw .responseTooLarge(limit: limits.maximumBodySize)
    }
    return (data, response)
  }
}

#if canImport(CCurl)
  /// The transport `NetworkClient` and the adapters use unless given another: on Linux
  /// ``CurlTransport``, which bounds an answer while it arrives (FoundationNetworking's
  /// URLSession reads ahead of any limit); elsewhere ``URLSessionTransport``.
  public typealias DefaultHTTPTransport = CurlTransport
#else
  /// The transport `NetworkClient` and the adapters use unless given another:
  /// ``URLSessionTransport`` here; on Linux, ``CurlTransport``, which bounds an answer while
  /// it arrives (FoundationNetworking's URLSession reads ahead of any limit).
  public typealias DefaultHTTPTransport = URLSessionTransport
#endif
