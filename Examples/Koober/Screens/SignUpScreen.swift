import KooberWire
import Localization
import LoginCore
import LoginLogicControl
import LoginViewModel
import UserModel

/// `[Sign up]`: email, password (with its strength), optional name, passenger or driver;
/// then the signed-in route, or an alert and another try.
@MainActor
final class SignUpScreen: Screen, SignUpLogicDelegate, LoginRouting {
  var signedInDestination: Destination?
  private var failure: AuthFailure?

  private let console: Console
  private let control: SignUpLogicControl

  /// Makes the screen; the onboarding container sets it as the control's delegate.
  /// - Parameters:
  ///   - console: The terminal.
  ///   - control: The sign-up logic, with its entry point.
  init(console: Console, control: SignUpLogicControl) {
    self.console = console
    self.control = control
  }

  func run() async -> Destination {
    console.title(TextTable.koober.text("signUp.title"))
    console.note(TextTable.koober.text("signUp.hint"))
    let form = SignUpViewModel(
      type: .passenger, identifierRule: control.identifierRule,
      credentialRules: control.credentialRules)
    while true {
      if let exit = await askEmail(form).leaving { return exit }
      if let exit = await askPassword(form).leaving { return exit }
      if let exit = await askName(form).leaving { return exit }
      if let exit = await askType(form).leaving { return exit }
      form.setLoading(true)
      let task = control.signUp(form.credentials)
      await console.progress(TextTable.koober.text("progress.creatingAccount")) {
        await task?.value
      }
      form.setLoading(false)
      if let signedInDestination { return signedInDestination }
      if let failure { console.alert(failure.message) }
      failure = nil
    }
  }

  private func askEmail(_ form: SignUpViewModel) async -> FormAnswer {
    await console.askField(
      TextTable.koober.text("field.email"), commands: [.back: control.entryPoint.backDestination]
    ) { text in
      form.identifierChanged(text)
      form.identifierEditingEnded()
      return form.identifierError
    }
  }

  private func askPassword(_ form: SignUpViewModel) async -> FormAnswer {
    let answer = await console.askField(TextTable.koober.text("field.password"), secret: true) {
      text in
      form.passwordChanged(text)
      form.passwordEditingEnded()
      return form.passwordError
    }
    if answer.leaving == nil, let strength = form.passwordStrength {
      console.note(TextTable.koober.text("signUp.strength", ["strength": strength.message]))
    }
    return answer
  }

  private func askName(_ form: SignUpViewModel) async -> FormAnswer {
    await console.askField(TextTable.koober.text("signUp.name")) { text in
      form.nameChanged(text)
      return form.nameError
    }
  }

  private func askType(_ form: SignUpViewModel) async -> FormAnswer {
    await console.askField(
      TextTable.koober.text("signUp.type"), defaultValue: UserType.passenger.displayName
    ) { text in
      guard let type = UserType(typed: text) else {
        return TextTable.koober.text("signUp.typeHint")
      }
      form.typeSelected(type)
      return nil
    }
  }

  // MARK: - SignUpLogicDelegate

  func signUpLogicDidStart(_ control: SignUpLogicControl) {}

  func signUpLogic(_ control: SignUpLogicControl, didFail failure: AuthFailure) {
    self.failure = failure
  }
}
