import WireFormat

/// What NetworkClient keeps out of log lines, descriptions and error excerpts, and how an app
/// adds its own secret field names.
///
/// Values of fields, form fields, query items and headers named like secrets (`password`,
/// anything with `token` or `secret`, `code`, `otp`, `access`, `refresh`, `authorization`,
/// cookies) are redacted, and so is any value shaped like a token whatever its name (a JWT,
/// or 24 or more characters of `A-Za-z0-9-._~+/=`). A server that names its secrets
/// otherwise is covered by adding the names once, at launch:
///
/// ```swift
/// RedactionRules.addSensitiveNames(["pin", "sessionKey"])
/// ```
public enum RedactionRules {
  private static let names = Locked<Set<String>>([])

  /// Adds field names whose values are secrets, for every client of the process; compared
  /// case-insensitively, ignoring `_` and `-`.
  /// - Parameter names: The names, e.g. `["pin"]`.
  public static func addSensitiveNames(_ names: [String]) {
    let keys = names.map { $0.lowercased().filter { $0 != "_" && $0 != "-" } }
    self.names.withLock { $0.formUnion(keys.filter { !$0.isEmpty }) }
  }

  /// Whether a normalised name is one the app added.
  static func isAppSensitive(_ key: String) -> Bool {
    names.withLock { $0.contains(key) }
  }
}
