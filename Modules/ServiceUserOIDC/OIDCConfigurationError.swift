/// Why an `OIDCConfiguration` could not be made: a mistake in the app's setup, found before
/// any request is sent.
public enum OIDCConfigurationError: Error, Sendable, Equatable {
  /// The client identifier is empty.
  case emptyClientID
  /// A URL that is not `http`/`https`, or has no host; says which URL (its role) and why.
  case invalidURL(role: String, reason: String)
  /// Plain `http` to a host that is not this machine: passwords and tokens would travel in
  /// clear. Carries the URL's role and its host.
  case insecureURL(role: String, host: String)

  /// A stable snake_case code.
  public var code: String {
    switch self {
    case .emptyClientID: "empty_client_id"
    case .invalidURL: "invalid_url"
    case .insecureURL: "insecure_url"
    }
  }

  /// One sentence saying what is wrong and what to do.
  public var message: String {
    switch self {
    case .emptyClientID:
      "The client ID is empty: give the one registered at the provider."
    case .invalidURL(let role, let reason):
      "The \(role) URL is not usable: \(reason)."
    case .insecureURL(let role, let host):
      "The \(role) URL uses plain http to \(host): use https (plain http is allowed only to "
        + "127.0.0.1, ::1 or localhost)."
    }
  }
}

extension OIDCConfigurationError: CustomStringConvertible {
  /// The code and message.
  public var description: String { "\(code): \(message)" }
}
