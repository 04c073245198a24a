/// What a person types to sign in, encoded as the body of `POST /v1/auth/sign-in`.
///
/// The password never appears in `description`, `debugDescription` or the mirror.
///
/// ```swift
/// let credentials = SignInCredentials(email: " Ann@Example.com ", password: "s3cretpass")
/// let ready = try CredentialRules.validated(credentials)  // email now "ann@example.com"
/// ```
public struct SignInCredentials: Codable, Sendable, Hashable {
  /// The email as typed or as normalised by `CredentialRules.validated(_:)`.
  public var email: String
  /// The password, exactly as typed (never trimmed: spaces may be part of it).
  public var password: String

  /// Creates sign-in credentials.
  /// - Parameters:
  ///   - email: The email.
  ///   - password: The password.
  public init(email: String, password: String) {
    self.email = email
    self.password = password
  }
}

extension SignInCredentials: CustomStringConvertible, CustomDebugStringConvertible,
  CustomReflectable
{
  /// The credentials with the password redacted.
  public var description: String {
    "SignInCredentials(email: \(email), password: \(Redaction.placeholder))"
  }

  /// The same as `description`: the password stays redacted in debug output too.
  public var debugDescription: String { description }

  /// A mirror whose password child is redacted, so `dump(credentials)` shows no secret.
  public var customMirror: Mirror {
    Mirror(
      self,
      children: ["email": email, "password": Redaction.placeholder],
      displayStyle: .struct
    )
  }
}
