import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// What one exchange may receive: how large an answer's body may grow, and whether a `3xx`
/// answer is followed. The pipeline's redirect stage and transfer rules read them (see
/// <doc:ThePipeline>), the same over every transport.
///
/// No credential ever follows a redirect: by default a `3xx` answer comes back as the answer
/// (its body counts toward the limit), so an `Authorization` header, a form with a password
/// or a client secret reaches only the URL the caller named. A request that opts in follows
/// a redirect only to the same scheme, host and port, never from `https` to `http`, and
/// without its `Cookie` header; a request that carries credentials (an `Authorization`
/// header, or an endpoint's `carriesCredentials` body) still gets its `3xx` back.
///
/// ```swift
/// let limits = TransferLimits(maximumBodySize: 1 << 20)       // an OAuth answer: 1 MiB
/// let (body, response) = try await transport.send(request, timeout: .seconds(30),
///                                                 limits: limits)
/// ```
public struct TransferLimits: Sendable, Hashable {
  /// The default largest body: 4 MiB, counted after content decoding.
  public static let defaultMaximumBodySize = 4 << 20

  /// The defaults: 4 MiB, no redirect followed.
  public static let `default` = TransferLimits()

  /// The most redirects an opted-in request follows before the `3xx` is the answer.
  public static let maximumRedirects = 10

  /// The largest body, in bytes after content decoding (gzip is inflated first): the
  /// exchange is cancelled as soon as more arrives, with `NetworkError.responseTooLarge`.
  public var maximumBodySize: Int
  /// Whether a redirect to the same scheme, host and port is followed (without `Cookie`,
  /// and never by a request carrying credentials); `false` by default: the `3xx` is the
  /// answer.
  public var followsSameOriginRedirects: Bool

  /// Makes limits.
  /// - Parameters:
  ///   - maximumBodySize: The largest body in bytes; at least 0.
  ///   - followsSameOriginRedirects: Whether a same-origin redirect is followed.
  public init(
    maximumBodySize: Int = TransferLimits.defaultMaximumBodySize,
    followsSameOriginRedirects: Bool = false
  ) {
    self.maximumBodySize = max(0, maximumBodySize)
    self.followsSameOriginRedirects = followsSameOriginRedirects
  }

  /// The request for a redirect from `original` to `target`, or `nil` when it is not
  /// followed: not opted in, another origin, or `https` to `http`. The request keeps no
  /// `Authorization` or `Cookie` header.
  /// - Parameters:
  ///   - target: The request the redirect asks for.
  ///   - original: The request that was redirected.
  /// - Returns: The request to send, or `nil`.
  public func redirect(to target: URLRequest, from original: URLRequest) -> URLRequest? {
    guard followsSameOriginRedirects, let from = original.url, let to = target.url,
      Self.origin(of: from) == Self.origin(of: to)
    else { return nil }
    var next = target
    next.setValue(nil, forHTTPHeaderField: "Authorization")
    next.setValue(nil, forHTTPHeaderField: "Cookie")
    return next
  }

  /// Scheme, host and port, lower-cased, the default port filled in: `https` never equals
  /// `http`, so a same-origin redirect can never downgrade.
  private static func origin(of url: URL) -> String? {
    guard let scheme = url.scheme?.lowercased(), let host = url.host?.lowercased() else {
      return nil
    }
    let port = url.port ?? (scheme == "https" ? 443 : scheme == "http" ? 80 : -1)
    return "\(scheme)://\(host):\(port)"
  }
}
