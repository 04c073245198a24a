import LoginLogicControl
import LoginViewModel
import UserModel

/// `[Sign up]`: email, password (with its strength), optional name, passenger or driver;
/// then the signed-in route, or an alert and another try.
@MainActor
final class SignUpScreen: Screen, SignUpLogicDelegate, LoginRouting {
  var signedInDestination: Destination?
  private var failure: LoginFailure?

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
    console.title("Sign up")
    console.note("Type 'back' to go back. Passwords need 8 characters, a letter and a digit.")
    let form = SignUpViewModel()
    while true {
      if let exit = await askEmail(form).leaving { return exit }
      if let exit = await askPassword(form).leaving { return exit }
      if let exit = await askName(form).leaving { return exit }
      if let exit = await askType(form).leaving { return exit }
      form.setLoading(true)
      let task = control.signUp(form.credentials)
      await console.progress("Creating your account") { await task?.value }
      form.setLoading(false)
      if let signedInDestination { return signedInDestination }
      if let failure { console.alert(failure.message) }
      failure = nil
    }
  }

  private func askEmail(_ form: SignUpViewModel) async -> FormAnswer {
    while true {
      let event = await console.ask("Email")
      guard case .line(let text) = event else { return .leave(event.exit ?? .quit) }
      if text.lowercased() == "back" { return .leave(control.entryPoint.backDestination) }
      form.emailChanged(text)
      form.emailEditingEnded()
      guard let error = form.emailError else { return .answer(text) }
      console.alert(error)
    }
  }

  private func askPassword(_ form: SignUpViewModel) async -> FormAnswer {
    while true {
      let event = await console.askSecret("Password")
      guard case .line(let text) = event else { return .leave(event.exit ?? .quit) }
      form.passwordChanged(text)
      form.passwordEditingEnded()
      if let error = form.passwordError {
        console.alert(error)
        continue
      }
      if let strength = form.passwordStrength {
        console.note("Password strength: \(strength.message)")
      }
      return .answer(text)
    }
  }

  private func askName(_ form: SignUpViewModel) async -> FormAnswer {
    while true {
      let event = await console.ask("Name (optional)")
      guard case .line(let text) = event else { return .leave(event.exit ?? .quit) }
      form.nameChanged(text)
      guard let error = form.nameError else { return .answer(text) }
      console.alert(error)
    }
  }

  private func askType(_ form: SignUpViewModel) async -> FormAnswer {
    while true {
      let event = await console.ask("Account type, passenger or driver", defaultValue: "passenger")
      guard case .line(let text) = event else { return .leave(event.exit ?? .quit) }
      if let type = UserType(rawValue: text.lowercased()) {
        form.typeSelected(type)
        return .answer(text)
      }
      console.alert("Type passenger or driver.")
    }
  }

  // MARK: - SignUpLogicDelegate

  func signUpLogicDidStart(_ control: SignUpLogicControl) {}

  func signUpLogic(_ control: SignUpLogicControl, didFail failure: LoginFailure) {
    self.failure = failure
  }
}
