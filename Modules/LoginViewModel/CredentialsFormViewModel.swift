import UserModel
import WireFormat

/// What the sign-in and sign-up forms share: the identifier and password fields, their error
/// texts, and the loading state. Use `SignInViewModel` or `SignUpViewModel`; this class only
/// holds the common inputs and outputs so the two forms follow one rule.
///
/// Errors follow "punish late, reward early": a field's error shows only after the person
/// first finishes the field (`identifierEditingEnded()`, `passwordEditingEnded()`, e.g. on focus
/// loss or Return) and from then on follows every change, so `a`, `an`, `ann@` are not
/// scolded on the way to `ann@example.com`, and fixing a shown error clears it at once.
@MainActor
public class CredentialsFormViewModel {
  /// Called with the identifier field's new error text, or `nil` to hide it.
  public var onIdentifierErrorChange: ((String?) -> Void)?
  /// Called with the password field's new error text, or `nil` to hide it.
  public var onPasswordErrorChange: ((String?) -> Void)?
  /// Called when a request starts or ends, to show or hide progress.
  public var onLoadingChange: ((Bool) -> Void)?

  /// The identifier field's error text, or `nil` when none shows.
  public private(set) var identifierError: String?
  /// The password field's error text, or `nil` when none shows.
  public private(set) var passwordError: String?
  /// Whether a request is in flight (set by the host from the logic layer); the form's
  /// button is disabled meanwhile, so a second tap cannot start a second request.
  public private(set) var isLoading = false

  var identifier: FieldInput
  var password = FieldInput()
  /// What the identifier field holds: an email by default, or the app's own identifier.
  let identifierRule: IdentifierRule
  /// Where every output is stored and its closure queued; `refresh()` tells the view.
  let changes = ChangeQueue()

  init(identifier: String, identifierRule: IdentifierRule) {
    self.identifier = FieldInput(text: identifier)
    self.identifierRule = identifierRule
  }

  /// The identifier field's text, as typed or pre-filled.
  public var identifierText: String { identifier.text }

  /// The identifier field changed.
  /// - Parameter text: The field's whole new text; surrounding spaces are allowed (trimmed).
  public func identifierChanged(_ text: String) {
    identifier.text = text
    refresh()
  }

  /// The person finished the identifier field; its error may show from now on.
  public func identifierEditingEnded() {
    identifier.isRevealed = true
    refresh()
  }

  /// The password field changed.
  /// - Parameter text: The field's whole new text, taken exactly (never trimmed).
  public func passwordChanged(_ text: String) {
    password.text = text
    refresh()
  }

  /// The person finished the password field; its error may show from now on.
  public func passwordEditingEnded() {
    password.isRevealed = true
    refresh()
  }

  /// Shows or hides progress.
  /// - Parameter isLoading: Whether a request is in flight.
  public func setLoading(_ isLoading: Bool) {
    changes.set(\.isLoading, of: self, to: isLoading, tell: \.onLoadingChange)
    refresh()
  }

  /// Recomputes every output after an input event, the shared field errors first, then the
  /// form's own outputs, and only then tells the view what changed.
  final func refresh() {
    changes.set(
      \.identifierError, of: self,
      to: identifier.error { [identifierRule] in identifierRule.problem(in: $0)?.message },
      tell: \.onIdentifierErrorChange)
    changes.set(
      \.passwordError, of: self, to: password.error { passwordProblem(in: $0)?.message },
      tell: \.onPasswordErrorChange)
    refreshFormOutputs()
    changes.tell()
  }

  /// The password rule of this form; sign-in only asks for a password, sign-up for a strong one.
  func passwordProblem(in password: String) -> PasswordProblem? {
    password.isEmpty ? .empty : nil
  }

  /// Stores the outputs that only one form has (its button, hints) through `changes`.
  func refreshFormOutputs() {}
}
