extension Redactor {
  /// Whether a field, query item or header with this name holds a secret.
  ///
  /// The name is cut into parts at every character that is not a letter or a digit and at
  /// camel-case humps (`X-Api-Key` → `x api key`, `refreshToken` → `refresh token`,
  /// `APIKey` → `api key`), and a secret's stem is looked for in each part, its trailing
  /// digits dropped first (`pin2` is read as `pin`, `apikey2` as `apikey`):
  /// - `token`, `secret`, `credential`, `session`, `pwd`, `cookie`, `password`, `passwd`,
  ///   `passphrase`, `passcode` anywhere in a part (`accesstoken`, `sessionid`,
  ///   `newpassword`, `dbpassword`, `mypasswd`);
  /// - `pass` as a whole part or at its end (not `passenger`);
  /// - `key`, `pin` and `code` as a whole part or at its end (`apikey`, `userpin`,
  ///   `authcode`; not `keyboard`, `ping`, `encoding`);
  /// - `otp` as a whole part, at its start or at its end (`otpauth`, `totp`);
  /// - `authorization`, `access`, `refresh`, `jwt` and `assertion` as a whole part;
  /// - and the names the app added with `RedactionRules.addSensitiveNames(_:)`.
  ///
  /// Matching by part rather than by substring keeps `passengers` and `keyboard` readable,
  /// and a stray secret-looking word costs one redacted value, never a leaked one.
  package static func isSensitive(_ name: String) -> Bool {
    let parts = nameParts(name)
    return parts.contains(where: isSensitivePart) || RedactionRules.isAppSensitive(parts)
  }

  private static let anywhere = [
    "token", "secret", "credential", "session", "pwd", "cookie", "password", "passwd",
    "passphrase", "passcode",
  ]
  private static let wholeOrEnd = ["key", "keys", "pin", "pins", "code", "codes", "pass"]
  private static let whole: Set<String> = [
    "authorization", "access", "refresh", "jwt", "assertion",
  ]

  private static func isSensitivePart(_ part: String) -> Bool {
    // `pin2`, `code2`: a counter after the stem does not make it another word.
    let stem = String(part.reversed().drop { $0.isASCII && $0.isNumber }.reversed())
    return whole.contains(stem)
      || anywhere.contains { part.contains($0) }
      || wholeOrEnd.contains { stem.hasSuffix($0) }
      || stem.hasPrefix("otp") || stem.hasSuffix("otp")
  }

  /// The name's parts, lower-cased: split at anything but a letter or a digit, between a
  /// lower-case letter or digit and an upper-case one (`refreshToken`), and before the last
  /// capital of a run followed by a lower-case letter (`APIKey` → `API`, `Key`).
  static func nameParts(_ name: String) -> [String] {
    let scalars = Array(name.unicodeScalars)
    var parts: [String] = []
    var current = String.UnicodeScalarView()
    func flush() {
      if !current.isEmpty { parts.append(String(current).lowercased()) }
      current = String.UnicodeScalarView()
    }
    for (index, scalar) in scalars.enumerated() {
      let properties = scalar.properties
      guard properties.isAlphabetic || properties.numericType != nil else {
        flush()
        continue
      }
      if let previous = current.last, properties.isUppercase {
        let previousIsLower =
          previous.properties.isLowercase || previous.properties.numericType != nil
        let nextIsLower =
          index + 1 < scalars.count && scalars[index + 1].properties.isLowercase
        if previousIsLower || (previous.properties.isUppercase && nextIsLower) { flush() }
      }
      current.append(scalar)
    }
    flush()
    return parts
  }
}
