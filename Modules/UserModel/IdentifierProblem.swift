/// Why an identifier of an app's own kind (a username, a phone number) cannot be used. Email
/// addresses keep their own `EmailProblem`.
public struct IdentifierProblem: Error, Sendable, Hashable {
  /// A stable snake_case identifier a program can switch on or log, e.g. `username_invalid`.
  public let code: String
  /// One sentence a person can act on, ready to show under the field.
  public let message: String

  /// Makes a problem.
  /// - Parameters:
  ///   - code: A stable snake_case identifier.
  ///   - message: One sentence a person can act on.
  public init(code: String, message: String) {
    self.code = code
    self.message = message
  }
}
