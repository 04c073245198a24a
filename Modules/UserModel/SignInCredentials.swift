/// What a person types to sign in: the identifier the app's ``IdentifierRule`` describes
/// (an email, a username, a phone number) and a password.
///
/// The password never appears in `description`, `debugDescription` or the mirror.
///
/// ```swift
/// let credentials = SignInCredentials(identifier: " Ann@Example.com ", password: "s3cretpass")
/// let ready = try CredentialRules.validated(credentials)  // identifier "ann@example.com"
/// ```
public struct SignInCredentials: Codable, Sendable, Hashable {
  /// The identifier as typed or as normalised by `CredentialRules.validated(_:identifier:)`.
  public var identifier: String
  /// The password, exactly as typed (never trimmed: spaces may be part of it).
  public var password: String

  /// Creates sign-in credentials.
  /// - Parameters:
  ///   - identifier: What the person signs in with.
  ///   - password: The password.
  public init(identifier: String, password: String) {
    self.identifier = identifier
    self.password = password
  }
}

extension SignInCredentials: CustomStringConvertible, CustomDebugStringConvertible,
  CustomReflectable
{
  /// The credentials with the password redacted.
  public var description: String {
    "SignInCredentials(identifier: \(identifier), password: \(Redaction.placeholder))"
  }

  /// The same as `description`: the password stays redacted in debug output too.
  public var debugDescription: String { description }

  /// A mirror whose password child is redacted, so `dump(credentials)` shows no secret.
  public var customMirror: Mirror {
    Mirror(
      self,
      children: ["identifier": identifier, "password": Redaction.placeholder],
      displayStyle: .struct
    )
  }
}
