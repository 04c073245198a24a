import LoginLogicControl
import UserModel

/// The onboarding container (the design's onboarding container): the sign-in, sign-up
/// and code steps, each a logic control wired to its screen. Made afresh for each visit, so
/// no half-typed state survives leaving a form.
@MainActor
final class OnboardingContainer {
  private let environment: LoginEnvironment
  private let console: Console
  private let parent: AppContainer

  /// Makes the container from the app container's shared parts.
  /// - Parameter parent: The app container.
  init(parent: AppContainer) {
    environment = parent.loginEnvironment
    console = parent.console
    self.parent = parent
  }

  /// A sign-in control that starts at `entry` (it decides where success goes).
  func makeSignInControl(from entry: LoginEntryPoint) -> SignInLogicControl {
    SignInLogicControl(environment: environment, entryPoint: entry)
  }

  /// A browser sign-in control (OIDC mode) that starts at `entry`.
  func makeBrowserSignInControl(from entry: LoginEntryPoint) -> BrowserSignInLogicControl {
    BrowserSignInLogicControl(environment: environment, entryPoint: entry)
  }

  /// A device sign-in control (OIDC mode) that starts at `entry`.
  func makeDeviceSignInControl(from entry: LoginEntryPoint) -> DeviceSignInLogicControl {
    DeviceSignInLogicControl(environment: environment, entryPoint: entry)
  }

  /// A sign-up control that starts at `entry`.
  func makeSignUpControl(from entry: LoginEntryPoint) -> SignUpLogicControl {
    SignUpLogicControl(environment: environment, entryPoint: entry)
  }

  /// `[Sign in]`, wired to a new sign-in control.
  /// - Parameters:
  ///   - entry: Where the sign-in began.
  ///   - alert: Why the person is here, if anything needs saying.
  ///   - user: The active account's user when the sign-in adds another account (`Add
  ///     account`), or `nil`.
  func makeSignInScreen(
    from entry: LoginEntryPoint, alert: String?, addingAccountTo user: User? = nil
  ) -> SignInScreen {
    let control = makeSignInControl(from: entry)
    let screen = SignInScreen(
      console: console, control: control, alert: alert, addingAccountTo: user)
    control.delegate = screen
    return screen
  }

  /// `[Sign up]`, wired to a new sign-up control.
  /// - Parameter entry: Where the sign-up began.
  func makeSignUpScreen(from entry: LoginEntryPoint) -> SignUpScreen {
    let control = makeSignUpControl(from: entry)
    let screen = SignUpScreen(console: console, control: control)
    control.delegate = screen
    return screen
  }

  /// `[Sign in with browser]` or `[Sign in on another device]`, wired to a new control.
  /// - Parameters:
  ///   - way: Which of the two.
  ///   - entry: Where the sign-in began.
  func makeProviderSignInScreen(_ way: ProviderSignInScreen.Way, from entry: LoginEntryPoint)
    -> ProviderSignInScreen
  {
    switch way {
    case .browser:
      let control = makeBrowserSignInControl(from: entry)
      let screen = ProviderSignInScreen(console: console, way: way, entry: entry)
      control.delegate = screen.presenter
      screen.start = { agent in agent.map { control.signIn(with: $0) } ?? nil }
      return screen
    case .device:
      let control = makeDeviceSignInControl(from: entry)
      let screen = ProviderSignInScreen(console: console, way: way, entry: entry)
      control.delegate = screen.presenter
      screen.start = { _ in control.start() }
      return screen
    }
  }

  /// `[Sign in with a passkey]`, wired to a new passkey sign-in control and this device's
  /// authenticator.
  /// - Parameter entry: Where the sign-in began.
  func makePasskeySignInScreen(from entry: LoginEntryPoint) -> PasskeySignInScreen {
    PasskeySignInScreen(
      console: console, control: parent.makePasskeySignInControl(from: entry),
      authenticator: parent.makePasskeyAuthenticator())
  }

  /// `[Verification code]`, wired to the code control the sign-in handed over.
  /// - Parameter control: The code step.
  func makeCodeScreen(for control: CodeLogicControl) -> CodeScreen {
    let screen = CodeScreen(console: console, control: control)
    control.delegate = screen
    return screen
  }
}
