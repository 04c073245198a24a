import Localization

/// What a person signs in with, as the app's server defines it: how it is normalised before
/// it is sent and compared, and what makes it unusable.
///
/// `email` is the default everywhere; `username` and `phoneNumber` are ready to use, and an
/// app can declare its own. Pass the rule to ServiceUser, the login logic (`LoginEnvironment`)
/// and the view models, so all three agree, as the email rules always did.
///
/// ```swift
/// let rule = IdentifierRule.username
/// rule.normalized("  Ann.Lee ")   // "ann.lee"
/// rule.problem(in: "a b")?.message
/// // "Use only letters, digits and @ . + - _ in a username."
/// ```
public struct IdentifierRule: Sendable {
  /// What the identifier is called in messages and logs, e.g. `email`.
  public let name: String
  /// What kind of identifier it is, which names it in sentences ("That username is taken").
  public let kind: IdentifierKind
  private let normalizer: @Sendable (String) -> String
  private let checker: @Sendable (String) -> CredentialProblem?

  /// Declares a rule.
  /// - Parameters:
  ///   - name: What the identifier is called, e.g. `member number`.
  ///   - kind: Its kind in sentences; by default one named after `name`, whose sentences
  ///     are the general ones until the app's `UserModel.strings` words them.
  ///   - normalize: The form it is sent and compared in (trim it, case-fold it, …).
  ///   - problem: The first problem of an identifier as typed, or `nil` when it is usable.
  public init(
    name: String, kind: IdentifierKind? = nil,
    normalize: @escaping @Sendable (String) -> String,
    problem: @escaping @Sendable (String) -> IdentifierProblem?
  ) {
    self.name = name
    self.kind = kind ?? IdentifierKind(rawValue: name)
    self.normalizer = normalize
    self.checker = { problem($0).map(CredentialProblem.identifier) }
  }

  private init(
    name: String, kind: IdentifierKind, normalizer: @escaping @Sendable (String) -> String,
    checker: @escaping @Sendable (String) -> CredentialProblem?
  ) {
    self.name = name
    self.kind = kind
    self.normalizer = normalizer
    self.checker = checker
  }

  /// The identifier in the form it is sent and compared in.
  /// - Parameter identifier: As typed.
  /// - Returns: The normalised identifier.
  public func normalized(_ identifier: String) -> String {
    normalizer(identifier)
  }

  /// The first problem of an identifier as typed.
  /// - Parameter identifier: As typed.
  /// - Returns: The problem, or `nil` when the identifier is usable.
  public func problem(in identifier: String) -> CredentialProblem? {
    checker(identifier)
  }

  /// An email address, by `CredentialRules`' email rules (its problems are `.email(_)`).
  public static let email = IdentifierRule(
    name: "email", kind: .email, normalizer: CredentialRules.normalizedEmail,
    checker: { CredentialRules.emailProblem(in: $0).map(CredentialProblem.email) })

  /// A phone number in international form (E.164): `+`, then 8 to 15 digits. Spaces, dashes,
  /// dots and brackets are dropped, so `+44 20 7946 0958` is `+442079460958`.
  public static let phoneNumber = IdentifierRule(
    name: "phone number", kind: .phoneNumber,
    normalize: { String(String.UnicodeScalarView(phoneCharacters(of: $0))) },
    problem: { text in
      let digits = phoneCharacters(of: text)
      if digits.isEmpty {
        return IdentifierProblem(
          code: "phone_empty", message: TextTable.userModel.text("phone.empty"))
      }
      guard digits.first == "+", (9...16).contains(digits.count),
        digits.dropFirst().allSatisfy({ ("0"..."9").contains($0) }),
        digits.dropFirst().first != "0"
      else {
        return IdentifierProblem(
          code: "phone_invalid", message: TextTable.userModel.text("phone.invalid"))
      }
      return nil
    })

  /// The characters of a phone number that matter: all but spaces, dashes, dots, brackets.
  private static func phoneCharacters(of text: String) -> [Unicode.Scalar] {
    text.unicodeScalars.filter { !" -.()\t".unicodeScalars.contains($0) }
  }
}
