import Foundation

extension LoopbackServer {
  /// Which `Host` a request must name for the server to answer it (RFC 9112 §3.2, the HTTP
  /// contract's `400 malformed_request` and `421 misdirected_request`).
  ///
  /// A web page can point a domain of its own at the server's address (DNS rebinding); the
  /// browser then sends that domain as the `Host`, so answering only the server's own names
  /// leaves the page nothing to read.
  ///
  /// ```swift
  /// var configuration = LoopbackServer.Configuration()
  /// configuration.hostPolicy = .serverNames(["koober.example"])
  /// let server = try LoopbackServer(configuration: configuration)
  /// // Host: 127.0.0.1:PORT, localhost, koober.example:8443 → answered
  /// // Host: rebind.attacker.example                       → 421 misdirected_request
  /// // no Host, two Hosts, Host: a@b                       → 400 malformed_request
  /// ```
  public enum HostPolicy: Sendable, Equatable {
    /// Any `Host`, or none: the default, for servers that stand in for others in tests.
    case any
    /// Exactly one `Host` field, well formed, naming one of the server's own names: its
    /// listening address, `localhost` when that address is loopback (`127.0.0.0/8`), or one of
    /// `names`. A server listening on `0.0.0.0` takes `localhost`, `127.0.0.1` and `[::1]` for
    /// its own beside `names`; other addresses of the machine must be named. Names are compared
    /// case-insensitively, without one trailing dot and without the port, so a proxy on another
    /// port still reaches the server. An absolute-form request target
    /// (`GET http://host/path`) names its host instead of the `Host` field (RFC 9112 §3.2.2),
    /// though the field must still be there once.
    ///
    /// These rules come first: another name is `421` even when the request also carries two
    /// `Authorization` fields, a transfer coding other than `chunked` or an HTTP version the
    /// server does not serve. Only a request line or field line that cannot be read at all
    /// is `400 malformed_request` before them, since no `Host` in it can be trusted.
    case serverNames([String])

    /// A name as the server compares it: lower-cased, without one trailing dot, an IPv6
    /// address in brackets and its shortest form (`[::1]`).
    /// - Parameter name: A host name, an IPv4 address or a bracketed IPv6 address, without a
    ///   port, e.g. `Koober.Example.`.
    /// - Returns: The compared form, e.g. `koober.example`; nil when `name` is not a host (a
    ///   port, user information, a percent escape, spaces or other characters RFC 3986's host
    ///   does not allow).
    public static func normalizedName(_ name: String) -> String? {
      HostName.parse(name[...], allowingPort: false)
    }
  }
}
