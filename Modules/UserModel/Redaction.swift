/// What descriptions print in place of a secret (a token or a password).
enum Redaction {
  static let placeholder = "<redacted>"
}
