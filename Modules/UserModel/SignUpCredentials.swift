/// What a person enters to sign up, encoded as the body of `POST /v1/auth/sign-up`
/// (`{"email", "password", "name"?, "type"}`; a `nil` name leaves the key out).
///
/// The password never appears in `description`, `debugDescription` or the mirror.
///
/// ```swift
/// let form = SignUpCredentials(
///   email: "ann@example.com", password: "s3cretpass", name: "Ann", type: .passenger)
/// let ready = try CredentialRules.validated(form)
/// ```
public struct SignUpCredentials: Codable, Sendable, Hashable {
  /// The email as typed or as normalised by `CredentialRules.validated(_:)`.
  public var email: String
  /// The password, exactly as typed.
  public var password: String
  /// The display name, or `nil` for none.
  public var name: String?
  /// Passenger or driver.
  public var type: UserType

  /// Creates sign-up credentials.
  /// - Parameters:
  ///   - email: The email.
  ///   - password: The password.
  ///   - name: The display name, or `nil` for none.
  ///   - type: Passenger or driver.
  public init(email: String, password: String, name: String?, type: UserType) {
    self.email = email
    self.password = password
    self.name = name
    self.type = type
  }
}

extension SignUpCredentials: CustomStringConvertible, CustomDebugStringConvertible,
  CustomReflectable
{
  /// The credentials with the password redacted.
  public var description: String {
    let shownName = name.map { "\"\($0)\"" } ?? "nil"
    return "SignUpCredentials(email: \(email), password: \(Redaction.placeholder), "
      + "name: \(shownName), type: \(type.rawValue))"
  }

  /// The same as `description`: the password stays redacted in debug output too.
  public var debugDescription: String { description }

  /// A mirror whose password child is redacted, so `dump(credentials)` shows no secret.
  public var customMirror: Mirror {
    Mirror(
      self,
      children: [
        "email": email, "password": Redaction.placeholder, "name": name as Any, "type": type,
      ],
      displayStyle: .struct
    )
  }
}
