import UserModel

/// The sign-in form's view state: input events in, closures out; no business logic.
///
/// Each closure fires only when its value changes, never on assignment; read the matching
/// property to draw the initial state. Within one event, closures fire in a fixed order:
/// identifier error, password error, loading, sign-in enabled. They run once every output of
/// the event is stored, so a closure may read any property back. Errors show once a field is
/// finished (see `CredentialsFormViewModel`); the password only has to be non-empty, because
/// an account made under older rules must still be able to sign in.
///
/// The button is enabled whenever the input passes `CredentialRules.validated(_:)` and no
/// request is in flight, so the view and the logic layer never disagree on what is complete.
///
/// ```swift
/// let form = SignInViewModel(lastIdentifier: await service.lastSignedInIdentifier(),
///                            identifierRule: service.identifierRule)
/// form.onSignInEnabledChange = { button.isEnabled = $0 }
/// form.onIdentifierErrorChange = { identifierErrorLabel.text = $0 }
/// button.isEnabled = form.isSignInEnabled
/// identifierField.onEdit = { form.identifierChanged($0) }
/// ```
@MainActor
public final class SignInViewModel: CredentialsFormViewModel {
  /// Called with the new enabled state of the sign-in button.
  public var onSignInEnabledChange: ((Bool) -> Void)?

  /// Whether the sign-in button can be tapped.
  public private(set) var isSignInEnabled = false

  /// Creates the form, pre-filling the identifier of the last account that signed in here.
  /// - Parameters:
  ///   - lastIdentifier: The identifier to pre-fill, or `nil` for an empty field.
  ///   - identifierRule: What the identifier field holds; an email by default.
  public init(lastIdentifier: String?, identifierRule: IdentifierRule = .email) {
    super.init(identifier: lastIdentifier ?? "", identifierRule: identifierRule)
  }

  /// The input as typed, for the host to hand to the logic layer when the button is tapped;
  /// the logic layer normalises it with the same rules.
  public var credentials: SignInCredentials {
    SignInCredentials(identifier: identifier.text, password: password.text)
  }

  override func refreshFormOutputs() {
    let isComplete =
      (try? CredentialRules.validated(credentials, identifier: identifierRule)) != nil
    changes.set(
      \.isSignInEnabled, of: self, to: !isLoading && isComplete,
      tell: \.onSignInEnabledChange)
  }
}
