import Foundation
import NetworkClient

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Which provider URLs may carry secrets: NetworkClient's rule (https, or plain http to a
/// loopback host, and never a user name or password in the URL), asked of NetworkClient
/// itself so the two can never disagree.
enum EndpointRule {
  /// What descriptions print in place of a secret.
  static let redacted = "<redacted>"

  /// The roles a URL plays, as `OIDCConfigurationError` carries them.
  enum Role {
    /// The issuer, whose discovery document names the endpoints.
    static let issuer = "issuer"
    /// The token endpoint (RFC 6749 §3.2).
    static let tokenEndpoint = "token endpoint"
    /// The userinfo endpoint (OpenID Connect Core §5.3).
    static let userinfoEndpoint = "userinfo endpoint"
    /// The revocation endpoint (RFC 7009).
    static let revocationEndpoint = "revocation endpoint"
    /// The authorization endpoint (RFC 6749 §3.1).
    static let authorizationEndpoint = "authorization endpoint"
    /// The device authorization endpoint (RFC 8628 §3.1).
    static let deviceAuthorizationEndpoint = "device authorization endpoint"
    /// The end-session endpoint (OpenID Connect RP-Initiated Logout 1.0).
    static let endSessionEndpoint = "end-session endpoint"
    /// The address a device sign-in shows the person (RFC 8628 §3.2).
    static let verificationURI = "verification address"
  }

  /// Why a URL is unusable, as `OIDCConfigurationError.invalidURL` carries it.
  enum Reason {
    /// `URLComponents` cannot read it.
    static let unreadable = "it cannot be read as a URL"
    /// It has another scheme, or no host.
    static let needsHTTPS = "it needs an https scheme and a host"
  }

  /// Why `url` must not be used, or `nil` when it may.
  /// - Parameters:
  ///   - url: An issuer or endpoint URL.
  ///   - role: What the URL is, for the message (`issuer`, `token endpoint`, …).
  /// - Returns: The problem, or `nil`.
  static func problem(with url: URL, role: String) -> OIDCConfigurationError? {
    // NetworkClient checks base URLs, which have no query; an endpoint may have one.
    guard var components = URLComponents(url: url, resolvingAgainstBaseURL: false) else {
      return .invalidURL(role: role, reason: Reason.unreadable)
    }
    // Before anything else, so that no message or log line ever holds the password.
    if components.user != nil || components.password != nil {
      return .userInfoInURL(role: role, host: components.host ?? "")
    }
    components.query = nil
    components.fragment = nil
    guard let base = components.url else {
      return .invalidURL(role: role, reason: Reason.unreadable)
    }
    let client = NetworkClient(baseURL: base, transport: NoTransport(), retryPolicy: .none)
    do {
      _ = try client.url(for: Endpoint(.get, "/"))
      return nil
    } catch .insecureURL(let host) {
      return .insecureURL(role: role, host: host)
    } catch .userInfoInURL(let host) {
      return .userInfoInURL(role: role, host: host)
    } catch {
      return .invalidURL(role: role, reason: Reason.needsHTTPS)
    }
  }

  /// A URL a provider sent, for a message: its user and password (which a configured URL
  /// cannot have, see `problem(with:role:)`) replaced, so a refusal never repeats them.
  /// - Parameter text: the URL as the provider wrote it.
  /// - Returns: the text, without user information when it reads as a URL with some.
  static func withoutUserInfo(_ text: String) -> String {
    guard var components = URLComponents(string: text),
      components.user != nil || components.password != nil
    else { return text }
    components.user = nil
    components.password = nil
    return components.string ?? redacted
  }

  /// A transport for a client that only checks URLs and never sends.
  private struct NoTransport: HTTPTransport {
    func send(_ request: URLRequest, timeout: Duration?) async throws(NetworkError)
      -> (Data, HTTPURLResponse)
    {
      throw .unexpectedResponse("this client only checks URLs")
    }
  }
}
