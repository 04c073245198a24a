import Foundation
import Localization
import LoginCore
import LoginLogicControl
import ServiceUserOIDC
import UserModel

/// `[Sign in with browser]` and `[Sign in on another device]` (OIDC mode): the provider's
/// address (and, on another device, the code and the time left) while the logic control
/// waits, then the signed-in route, or an alert and back to where the sign-in began.
@MainActor
final class ProviderSignInScreen: Screen, ProviderSignInOutput {
  /// Which sign-in the screen runs.
  enum Way {
    /// In the system browser, opened with `$BROWSER` when set.
    case browser(BrowserLauncher?)
    /// On another device, with a code.
    case device
  }

  /// The controls' delegate; its texts come here.
  let presenter: ProviderSignInPresenter
  /// Starts the control's sign-in (with the agent, for the browser); set by the container.
  var start: (LoopbackUserAgent?) -> Task<Void, Never>? = { _ in nil }

  private let console: Console
  private let way: Way
  private let entry: LoginEntryPoint
  private var countdownShown = false

  init(console: Console, way: Way, entry: LoginEntryPoint) {
    self.console = console
    self.way = way
    self.entry = entry
    if case .browser(let launcher) = way {
      presenter = ProviderSignInPresenter(browser: launcher)
    } else {
      presenter = ProviderSignInPresenter(browser: nil)
    }
    presenter.output = self
  }

  func run() async -> Destination {
    let agent: LoopbackUserAgent?
    switch way {
    case .browser:
      console.title(TextTable.koober.text("browserSignIn.title"))
      do {
        agent = try LoopbackUserAgent(prompt: "login") { _ in }
      } catch {
        console.alert(error.message)
        return entry.backDestination
      }
    case .device:
      console.title(TextTable.koober.text("deviceSignIn.title"))
      agent = nil
    }
    await start(agent)?.value
    switch presenter.outcome {
    case .signedIn(let user, let route): return LoginRoute.destination(of: user, route)
    case .failed(let failure): console.alert(failure.message)
    case .cancelled, nil: break
    }
    return entry.backDestination
  }

  func say(_ text: String) { console.note(text) }

  func show(_ text: String) { console.line(text) }

  func warn(_ text: String) { console.alert(text) }

  /// A line when the code is shown, then one a minute: the screen stays readable.
  func countdown(_ text: String, secondsLeft: Int) {
    guard !countdownShown || secondsLeft % 60 == 0 else { return }
    countdownShown = true
    console.note(text)
  }
}
