import Localization
import LoginCore
import LoginLogicControl
import LoginViewModel
import UserModel

/// `[Sign in]`: email (pre-filled with the last account), password (not echoed on a
/// terminal), then the signed-in route, the code screen, or an alert and another try. When
/// it adds an account (`Add account`), the email starts empty and `back` returns home.
@MainActor
final class SignInScreen: Screen, SignInLogicDelegate, LoginRouting {
  var signedInDestination: Destination?
  private var codeControl: CodeLogicControl?
  private var failure: AuthFailure?

  private let console: Console
  private let control: SignInLogicControl
  private let alert: String?
  private let addingAccountTo: User?

  /// Makes the screen; the onboarding container sets it as the control's delegate.
  /// - Parameters:
  ///   - console: The terminal.
  ///   - control: The sign-in logic, with its entry point.
  ///   - alert: Why the person is here, e.g. "Your profile needs an account; …".
  ///   - user: The active account's user when this adds another account, or `nil`.
  init(
    console: Console, control: SignInLogicControl, alert: String?,
    addingAccountTo user: User? = nil
  ) {
    self.console = console
    self.control = control
    self.alert = alert
    addingAccountTo = user
  }

  func run() async -> Destination {
    console.title(TextTable.koober.text("signIn.title"))
    if let alert { console.alert(alert) }
    console.note(TextTable.koober.text("signIn.hint"))
    let form = SignInViewModel(
      // The last identifier is the account already signed in: no help for adding another.
      lastIdentifier: addingAccountTo == nil ? await control.lastSignedInIdentifier() : nil,
      identifierRule: control.identifierRule)
    while true {
      if let exit = await askEmail(form).leaving { return exit }
      if let exit = await askPassword(form).leaving { return exit }
      form.setLoading(true)
      let credentials = form.credentials
      let task = control.signIn(identifier: credentials.identifier, password: credentials.password)
      await console.progress(TextTable.koober.text("progress.signingIn")) { await task?.value }
      form.setLoading(false)
      if let signedInDestination { return signedInDestination }
      if let codeControl { return .code(codeControl) }
      if let failure { console.alert(failure.message) }
      failure = nil
    }
  }

  private func askEmail(_ form: SignInViewModel) async -> FormAnswer {
    let entry = control.entryPoint
    return await console.askField(
      TextTable.koober.text("field.email"),
      defaultValue: form.identifierText.isEmpty ? nil : form.identifierText,
      commands: [
        .back: addingAccountTo.map { .home($0, alert: nil) } ?? entry.backDestination,
        .signUp: .signUp(from: entry),
      ]
    ) { text in
      form.identifierChanged(text)
      form.identifierEditingEnded()
      return form.identifierError
    }
  }

  private func askPassword(_ form: SignInViewModel) async -> FormAnswer {
    await console.askField(TextTable.koober.text("field.password"), secret: true) { text in
      form.passwordChanged(text)
      form.passwordEditingEnded()
      return form.passwordError
    }
  }

  // MARK: - SignInLogicDelegate

  func signInLogicDidStart(_ control: SignInLogicControl) {}

  func signInLogic(_ control: SignInLogicControl, didFail failure: AuthFailure) {
    self.failure = failure
  }

  func signInLogic(_ control: SignInLogicControl, needsCode codeControl: CodeLogicControl) {
    self.codeControl = codeControl
  }
}
