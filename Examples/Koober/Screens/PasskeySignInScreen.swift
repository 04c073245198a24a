import Localization
import LoginCore
import LoginLogicControl
import LoginViewModel

/// `[Sign in with a passkey]`: this device's passkey signs the server's challenge and names
/// its user, so nothing is typed; then the signed-in route (a driver's home, no code), or an
/// alert and back to where the sign-in began.
@MainActor
final class PasskeySignInScreen: Screen {
  private let console: Console
  private let control: PasskeySignInLogicControl
  private let presenter: PasskeySignInPresenter
  private let authenticator: any PasskeyAuthenticator

  /// Makes the screen.
  /// - Parameters:
  ///   - console: The terminal.
  ///   - control: The passkey sign-in control; the screen makes itself its delegate.
  ///   - authenticator: This device's authenticator.
  init(
    console: Console, control: PasskeySignInLogicControl, authenticator: any PasskeyAuthenticator
  ) {
    self.console = console
    self.control = control
    self.authenticator = authenticator
    presenter = PasskeySignInPresenter()
    presenter.onStatus = { [console] in console.note($0) }
    control.delegate = presenter
  }

  func run() async -> Destination {
    console.title(PasskeySignInViewModel.buttonTitle)
    let task = control.signIn(with: authenticator)
    await console.progress(TextTable.koober.text("progress.signingIn")) { await task?.value }
    switch presenter.outcome {
    case .signedIn(let user, let route): return LoginRoute.destination(of: user, route)
    case .failed(_, let message): console.alert(message)
    case .cancelled, nil: break
    }
    return control.entryPoint.backDestination
  }
}
