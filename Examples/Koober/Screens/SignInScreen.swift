import Localization
import LoginCore
import LoginLogicControl
import LoginViewModel

/// `[Sign in]`: email (pre-filled with the last account), password (not echoed on a
/// terminal), then the signed-in route, the code screen, or an alert and another try.
@MainActor
final class SignInScreen: Screen, SignInLogicDelegate, LoginRouting {
  var signedInDestination: Destination?
  private var codeControl: CodeLogicControl?
  private var failure: AuthFailure?

  private let console: Console
  private let control: SignInLogicControl
  private let alert: String?

  /// Makes the screen; the onboarding container sets it as the control's delegate.
  /// - Parameters:
  ///   - console: The terminal.
  ///   - control: The sign-in logic, with its entry point.
  ///   - alert: Why the person is here, e.g. "Your profile needs an account; …".
  init(console: Console, control: SignInLogicControl, alert: String?) {
    self.console = console
    self.control = control
    self.alert = alert
  }

  func run() async -> Destination {
    console.title(TextTable.koober.text("signIn.title"))
    if let alert { console.alert(alert) }
    console.note(TextTable.koober.text("signIn.hint"))
    let form = SignInViewModel(
      lastIdentifier: await control.lastSignedInIdentifier(),
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
      commands: [.back: entry.backDestination, .signUp: .signUp(from: entry)]
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
