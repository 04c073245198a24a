import WireFormat

/// What NetworkClient keeps out of log lines, descriptions and error excerpts, and how an app
/// adds its own secret field names.
///
/// Values of JSON fields, form fields, query items and headers whose name has a part naming
/// a secret are redacted: `pass` (`password`, `passwd` anywhere in a part: `newpassword`),
/// `pwd`, `pin`, `otp`, `code`, `secret`, `key`, `token`, `credential`, `session`, `cookie`,
/// `authorization`, `access`, `refresh`. A name's parts are split at `_`, `-`, `.` and
/// camel-case humps, and a part's trailing digits are ignored, so `api_key`, `X-Api-Key`,
/// `otp_code`, `refreshToken`, `sessionId` and `pin2` are all secrets. A few such names
/// describe a secret rather than hold one, and their values are shown when shaped like a
/// description: `token_type` (`Bearer`), `token_endpoint` (a URL without user, password or
/// query), `code_challenge_methods_supported` (a list of words), `error_code` and an error
/// object's `code` (`{"error": {"code": "invalid_credentials"}}`); an OAuth `code=` in a
/// query or form, and a one-time code like `"code": "123456"`, never are. So is any value
/// shaped like a token whatever its name (a JWT, or 24 or more characters of
/// `A-Za-z0-9-._~+/=`), and a URL's user and password are never shown. A body is read as
/// JSON after a byte order mark or an anti-XSSI prefix (`)]}'`). A server that names its
/// secrets otherwise is covered by adding the names once, at launch:
///
/// ```swift
/// RedactionRules.addSensitiveNames(["nonce", "sessionKey"])
/// ```
public enum RedactionRules {
  private static let names = Locked<Set<String>>([])

  /// Adds field names whose values are secrets, for every client of the process; compared
  /// case-insensitively with each part of a name and with the whole name, ignoring `_`, `-`
  /// and other separators.
  /// - Parameter names: The names, e.g. `["nonce"]`.
  public static func addSensitiveNames(_ names: [String]) {
    let keys = names.map { Redactor.nameParts($0).joined() }
    self.names.withLock { $0.formUnion(keys.filter { !$0.isEmpty }) }
  }

  /// Whether the app added one of a name's parts, or the whole name (its parts joined).
  static func isAppSensitive(_ parts: [String]) -> Bool {
    names.withLock { names in
      !names.isEmpty && (names.contains(parts.joined()) || parts.contains(where: names.contains))
    }
  }
}
