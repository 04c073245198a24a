#if canImport(CCurl)
  import CCurl
  import Foundation
  import FoundationNetworking

  /// The transport for Linux: libcurl, the engine under FoundationNetworking, driven directly
  /// so that an answer is bounded while it arrives.
  ///
  /// FoundationNetworking lets libcurl read (and inflate) ahead of its delegate, so a limit
  /// kept there holds only after the fact: a 400 MiB answer or a gzip bomb costs hundreds of
  /// MiB before the cancellation lands. Here each piece of the body is counted in libcurl's
  /// own callback, before the next is read, and the transfer stops at the limit.
  ///
  /// It moves bytes only (see <doc:ThePipeline>): one request, never a redirect followed
  /// (`CURLOPT_FOLLOWLOCATION` off), the head and each piece of the body handed to the
  /// receiver from libcurl's own callbacks. The client's transfer rules count there. What the
  /// engine itself keeps:
  /// - only `http` and `https`, certificates verified, no cookies, no cache;
  /// - at most 256 KiB and 500 lines of raw header lines per answer, checked while libcurl's
  ///   lines are parsed (the one thread every transfer shares stays cheap);
  /// - a request naming encodings other than `identity` in `Accept-Encoding` has libcurl
  ///   decode them, so the receiver counts the decoded body;
  /// - a request to a loopback host (`localhost`, 127.0.0.0/8 in any spelling libcurl reads
  ///   as a number, like `127.1` or `0x7f.1`, and `::1` with or without a zone) never goes
  ///   through a proxy, whatever `http_proxy`, `https_proxy`, `all_proxy` and `no_proxy`
  ///   say, for http and https alike;
  /// - the sockets of transfers are opened close-on-exec, and so is the engine's own wakeup
  ///   socketpair (marked just after `curl_multi_init` opens it). A known gap: libcurl's
  ///   threaded resolver opens a socketpair without close-on-exec for each name it looks
  ///   up (not for an IP address), for the few milliseconds of the lookup, and offers no
  ///   hook to open it otherwise; a child started in that instant inherits it (a socket to
  ///   the resolver thread, which carries no request data);
  /// - cancelling the calling task stops the transfer at once, and a timeout bounds the
  ///   whole exchange.
  ///
  /// Every `CurlTransport` of a process shares one thread running a libcurl multi handle,
  /// and its pool of connections (at most 16 to one host at a time). A request's
  /// `httpBodyStream` is not read: give the body as `httpBody`.
  ///
  /// ```swift
  /// let client = NetworkClient(baseURL: url, transport: CurlTransport())
  /// ```
  public final class CurlTransport: HTTPTransport {
    /// The most redirects an opted-in request follows before the `3xx` is the answer.
    public static let maximumRedirects = TransferLimits.maximumRedirects

    /// Makes a transport over the process's libcurl engine.
    public init() {}

    /// Sends `request` once within the default limits (4 MiB, no redirect followed), through
    /// the byte-level stages (`send(_:timeout:limits:)`).
    /// - Parameters:
    ///   - request: the complete request.
    ///   - timeout: the longest the whole exchange may take, or `nil` for the request's own
    ///     `timeoutInterval` as the longest wait for a connection or for data.
    /// - Returns: the body and the HTTP response.
    /// - Throws: `.cancelled`, `.timeout`, `.transport`, `.responseTooLarge`,
    ///   `.encoding` for a header holding a line break, or `.unexpectedResponse`.
    public func send(_ request: URLRequest, timeout: Duration?) async throws(NetworkError)
      -> (Data, HTTPURLResponse)
    {
      try await send(request, timeout: timeout, limits: .default)
    }

    /// Sends `request` once and hands the answer to `receiver` from libcurl's callbacks: the
    /// head at the end of the final answer's header lines, then each piece of the body
    /// before libcurl reads the next.
    /// - Parameters:
    ///   - request: the complete request (its `httpBodyStream` is not read).
    ///   - timeout: the longest the whole exchange may take, or `nil` for the request's own
    ///     `timeoutInterval` as the longest wait for a connection or for data.
    ///   - receiver: takes the head and the body; an error it throws stops the transfer.
    /// - Returns: the HTTP response.
    /// - Throws: the receiver's error, `.cancelled`, `.timeout`, `.transport`, `.encoding`
    ///   for a header holding a line break, or `.unexpectedResponse`.
    public func send(
      _ request: URLRequest, timeout: Duration?, to receiver: any ResponseReceiver
    ) async throws(NetworkError) -> HTTPURLResponse {
      try await CurlEngine.shared.perform(request, timeout: timeout, receiver: receiver)
    }
  }
#endif
