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
  /// It keeps `URLSessionTransport()`'s rules:
  /// - a `3xx` answer is returned, not followed, unless the limits allow a same-origin
  ///   redirect (then without `Authorization` and `Cookie`);
  /// - the body is counted after content decoding; `Accept-Encoding: identity` is asked for
  ///   unless the request names its own, and a compressed answer nobody asked for is refused
  ///   at its header;
  /// - only `http` and `https`, certificates verified, no cookies, no cache;
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
    public static let maximumRedirects = 10

    /// Makes a transport over the process's libcurl engine.
    public init() {}

    /// Sends `request` once within the default limits (4 MiB, no redirect followed).
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

    /// Sends `request` once within `limits`.
    /// - Parameters:
    ///   - request: the complete request.
    ///   - timeout: the longest the whole exchange may take, redirects included, or `nil`.
    ///   - limits: the largest body and the redirect rule.
    /// - Returns: the body and the HTTP response (a `3xx` one when the redirect is not
    ///   followed).
    /// - Throws: `.cancelled`, `.timeout`, `.transport`, `.responseTooLarge` (the transfer
    ///   stops at the limit), `.encoding` for a header holding a line break, or
    ///   `.unexpectedResponse`.
    public func send(_ request: URLRequest, timeout: Duration?, limits: TransferLimits)
      async throws(NetworkError) -> (Data, HTTPURLResponse)
    {
      let clock = ContinuousClock()
      let deadline = timeout.map { clock.now + $0 }
      var current = request
      var redirects = 0
      while true {
        let remaining = deadline.map { $0 - clock.now }
        if let remaining, remaining <= .zero { throw .timeout }
        let (data, response) = try await CurlEngine.shared.perform(
          current, timeout: remaining, limits: limits)
        guard redirects < Self.maximumRedirects,
          let next = Self.redirect(of: current, by: response, limits: limits)
        else { return (data, response) }
        current = next
        redirects += 1
      }
    }

    /// The request a `3xx` answer leads to, when `limits` allow following it: a `303`, or a
    /// `301`/`302` to a `POST`, becomes a `GET` without a body, as browsers and URLSession do.
    private static func redirect(
      of request: URLRequest, by response: HTTPURLResponse, limits: TransferLimits
    ) -> URLRequest? {
      let status = response.statusCode
      guard [301, 302, 303, 307, 308].contains(status),
        let location = response.value(forHTTPHeaderField: "Location"),
        let target = URL(string: location, relativeTo: request.url)?.absoluteURL
      else { return nil }
      var next = request
      next.url = target
      if status == 303 || (status != 307 && status != 308 && request.httpMethod == "POST") {
        next.httpMethod = "GET"
        next.httpBody = nil
        next.setValue(nil, forHTTPHeaderField: "Content-Type")
        next.setValue(nil, forHTTPHeaderField: "Content-Length")
      }
      return limits.redirect(to: next, from: request)
    }
  }
#endif
