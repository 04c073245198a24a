/// What a person enters to sign up: the identifier the app's ``IdentifierRule`` describes,
/// a password, a display name and the user type.
///
/// The password never appears in `description`, `debugDescription` or the mirror.
///
/// ```swift
/// let form = SignUpCredentials(
///   identifier: "ann@example.com", password: "s3cretpass", name: "Ann",
///   type: UserType("member"))
/// let ready = try CredentialRules.default.validated(form)   // or the app's own rules
/// ```
public struct SignUpCredentials: Codable, Sendable, Hashable {
  /// The identifier as typed or as normalised by `CredentialRules.validated(_:identifier:)`.
  public var identifier: String
  /// The password, exactly as typed.
  public var password: String
  /// The display name, or `nil` for none.
  public var name: String?
  /// The user type.
  public var type: UserType

  /// Creates sign-up credentials.
  /// - Parameters:
  ///   - identifier: What the person will sign in with.
  ///   - password: The password.
  ///   - name: The display name, or `nil` for none.
  ///   - type: The user type.
  public init(identifier: String, password: String, name: String?, type: UserType) {
    self.identifier = identifier
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
    return "SignUpCredentials(identifier: \(identifier), password: \(Redaction.placeholder), "
      + "name: \(shownName), type: \(type.rawValue))"
  }

  /// The same as `description`: the password stays redacted in debug output too.
  public var debugDescription: String { description }

  /// A mirror whose password child is redacted, so `dump(credentials)` shows no secret.
  public var customMirror: Mirror {
    Mirror(
      self,
      children: [
        "identifier": identifier, "password": Redaction.placeholder, "name": name as Any,
        "type": type,
      ],
      displayStyle: .struct
    )
  }
}
