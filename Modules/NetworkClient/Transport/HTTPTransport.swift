import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Moves the bytes of one HTTP exchange, and nothing else: it sends one request, never
/// follows a redirect, and hands the answer's head and then each piece of its body to a
/// ``ResponseReceiver`` as they arrive. Every rule about what may be sent and received (the
/// URL policy, redirects, limits, encodings, retries, tokens, logs) is a stage of the
/// client's pipeline (see <doc:ThePipeline>), written once for every transport.
///
/// ``DefaultHTTPTransport`` is the real one (``URLSessionTransport``; on Linux
/// ``CurlTransport``). A fake for tests of other layers implements `send(_:timeout:)` only:
/// the default `send(_:timeout:to:)` hands its whole answer to the receiver.
///
/// ```swift
/// struct Offline: HTTPTransport {
///   func send(_ request: URLRequest, timeout: Duration?) async throws(NetworkError)
///     -> (Data, HTTPURLResponse) { throw .transport(.offline) }
/// }
/// let url = URL(string: "https://api.example.com")!
/// let client = NetworkClient(baseURL: url, transport: Offline())
/// ```
public protocol HTTPTransport: Sendable {
  /// Sends `request` once and returns the whole answer, whatever the status. The real
  /// transports read it through `send(_:timeout:limits:)` with the default limits; a fake
  /// answers as it likes.
  /// - Parameters:
  ///   - request: the complete request, headers and body included.
  ///   - timeout: the longest the whole exchange may take, or `nil` for no limit of its own.
  /// - Returns: the body (empty when there was none) and the HTTP response.
  /// - Throws: `.cancelled` promptly when the calling task is cancelled, `.timeout` past
  ///   `timeout`, `.transport` when no HTTP response came.
  func send(_ request: URLRequest, timeout: Duration?) async throws(NetworkError)
    -> (Data, HTTPURLResponse)

  /// Sends `request` once, never following a redirect, and hands the answer to `receiver`
  /// as it arrives: the head, then each piece of the body. The default implementation, for
  /// transports that implement only `send(_:timeout:)`, hands over the whole answer at once.
  /// - Parameters:
  ///   - request: the complete request, headers and body included.
  ///   - timeout: the longest the whole exchange may take, or `nil` for no limit of its own.
  ///   - receiver: takes the head and the body; an error it throws stops the transfer.
  /// - Returns: the HTTP response (the head `receiver` was given).
  /// - Throws: the receiver's error; `.cancelled` promptly when the calling task is
  ///   cancelled, `.timeout` past `timeout`, `.transport` when no HTTP response came.
  func send(_ request: URLRequest, timeout: Duration?, to receiver: any ResponseReceiver)
    async throws(NetworkError) -> HTTPURLResponse
}

extension HTTPTransport {
  /// Sends through `send(_:timeout:)` and hands the whole answer to `receiver`: a transport
  /// that reads the whole answer first cannot stop it sooner.
  /// - Parameters:
  ///   - request: the complete request.
  ///   - timeout: the longest the whole exchange may take, or `nil`.
  ///   - receiver: takes the head, then the body in one piece.
  /// - Returns: the HTTP response.
  /// - Throws: like `send(_:timeout:)`, and whatever `receiver` throws.
  public func send(
    _ request: URLRequest, timeout: Duration?, to receiver: any ResponseReceiver
  ) async throws(NetworkError) -> HTTPURLResponse {
    let (data, response) = try await send(request, timeout: timeout)
    try receiver.receive(head: response)
    if !data.isEmpty { try receiver.receive(body: data) }
    return response
  }

  /// Sends `request` through the pipeline's byte-level stages over this transport:
  /// redirects (a `3xx` is the answer unless `limits` allow a same-origin one and the request
  /// carries no `Authorization`), the URL policy on every URL contacted (`https`, or `http`
  /// only to a loopback host unless `allowsInsecureHTTP`; a host; no user name or password)
  /// and the transfer rules (identity encoding asked, the body counted as it arrives and
  /// stopped past `limits.maximumBodySize`).
  ///
  /// ```swift
  /// let limits = TransferLimits(maximumBodySize: 1 << 20)
  /// let (body, response) = try await transport.send(request, timeout: .seconds(30),
  ///                                                 limits: limits)
  /// ```
  /// - Parameters:
  ///   - request: the complete request.
  ///   - timeout: the longest the whole exchange may take, redirects included, or `nil`.
  ///   - limits: the largest body and the redirect rule.
  ///   - allowsInsecureHTTP: whether plain `http` may go to a host other than loopback, as
  ///     `NetworkClient(allowsInsecureHTTP:)` allows; `false` unless the caller opts out.
  /// - Returns: the body and the HTTP response (a `3xx` one when the redirect is not
  ///   followed).
  /// - Throws: like `send(_:timeout:to:)`, `.responseTooLarge` past the limit,
  ///   `.unexpectedResponse` for a compressed answer nobody asked for, and the URL policy's
  ///   `.insecureURL`, `.userInfoInURL` or `.invalidURL`.
  public func send(
    _ request: URLRequest, timeout: Duration?, limits: TransferLimits,
    allowsInsecureHTTP: Bool = false
  ) async throws(NetworkError) -> (Data, HTTPURLResponse) {
    let exchange = NetworkExchange(
      request: request, timeout: timeout, limits: limits, retryPolicy: .none)
    let pipeline = Pipeline.bytes(over: self, allowsInsecureHTTP: allowsInsecureHTTP)
    let answer = try await pipeline.send(exchange)
    return (answer.data, answer.response)
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
