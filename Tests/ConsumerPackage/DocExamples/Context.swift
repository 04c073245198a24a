// What the fenced examples on the entry-point types may use without declaring it: the app's
// own values, screens and helpers, which an example leaves to the reader. DocExampleTests
// type-checks this file with every example, each wrapped in a function of its own; nothing
// here runs, so each value is `unwritten()`.
import Foundation
#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif
import LoginStack
import LoginTesting
import ServiceUserOIDC
import SoftwarePasskeys

/// A value the example takes from the app; type-checked, never run.
func unwritten<Value>() -> Value { fatalError("type-checked only") }

// The app's values.
var client: NetworkClient { unwritten() }
var service: ServiceUser { unwritten() }
var environment: LoginEnvironment { unwritten() }
@MainActor var eventLog: LoginEventLog { unwritten() }
@MainActor var signUp: SignUpLogicControl { unwritten() }
var transport: any HTTPTransport { unwritten() }
/// The app's access tokens, for a client without ServiceUser.
var tokens: any AuthorizationProvider { unwritten() }
var request: URLRequest { unwritten() }
/// The app's Application Support folder.
var support: URL { unwritten() }
/// A folder the example writes in (a test's temporary one).
var folder: URL { unwritten() }
/// A folder only the person can read (0700).
var privateFolder: URL { unwritten() }
/// What the person typed.
var typed: String { unwritten() }
var typedIdentifier: String { unwritten() }
var typedPassword: String { unwritten() }
var password: String { unwritten() }
var name: String? { unwritten() }

/// The app's adapter of its own server (see LoginCore's *Bring your own backend*).
struct AppAuthAPI: AuthRemoteAPI, NetworkClientBacked {
  let network: NetworkClient
  func signIn(_ credentials: SignInCredentials) async throws(AuthFailure) -> SignInOutcome {
    elided()
  }
  func refresh(_ session: UserSession) async throws(AuthFailure) -> UserSession { elided() }
  func currentUser(accessToken: String) async throws(AuthFailure) -> User { elided() }
  func signOut(_ session: UserSession) async throws(AuthFailure) { elided() }
}

// The app's screens: a button, a label and a text field of any UI kit, and the sign-in screen.
@MainActor final class Button { var isEnabled = false }
@MainActor final class Label { var text: String? }
@MainActor final class TextField { var onEdit: (String) -> Void = { _ in } }
@MainActor var button: Button { unwritten() }
@MainActor var identifierErrorLabel: Label { unwritten() }
@MainActor var identifierField: TextField { unwritten() }
/// A password strength meter and a switch of any UI kit.
@MainActor final class Meter { func show(_ text: String?) {} }
@MainActor final class Switch { var onToggle: (Bool) -> Void = { _ in } }
@MainActor var meter: Meter { unwritten() }
@MainActor var adminSwitch: Switch { unwritten() }

/// The sign-in screen: the logic control's delegate.
@MainActor final class SignInScreen: SignInLogicDelegate {
  func prefill(_ identifier: String?) {}
  func signInLogicDidStart(_ control: SignInLogicControl) {}
  func signInLogic(_ control: SignInLogicControl, didFail failure: AuthFailure) {}
  func signInLogic(_ control: SignInLogicControl, needsCode codeControl: CodeLogicControl) {}
  func loginLogic(_ control: any LoginFlowControl, didSignIn user: User, route: LoginRoute) {}
}
@MainActor var signInScreen: SignInScreen { unwritten() }

/// The sign-up screen: the sign-up control's delegate.
@MainActor final class SignUpScreen: SignUpLogicDelegate {
  func signUpLogicDidStart(_ control: SignUpLogicControl) {}
  func signUpLogic(_ control: SignUpLogicControl, didFail failure: AuthFailure) {}
  func loginLogic(_ control: any LoginFlowControl, didSignIn user: User, route: LoginRoute) {}
}
@MainActor var signUpScreen: SignUpScreen { unwritten() }

/// A session store's own reading of its item (the Keychain's, say): `nil` when there is none.
func keychainItem() throws(AuthFailure) -> Data? { unwritten() }
/// A session store's own decoding of what it keeps; `nil` when damaged.
func decode(_ data: Data) -> UserSession? { unwritten() }

/// Writes `text` to `file`, readable by the person alone (0600).
func writePrivately(_ text: String, to file: URL) throws {}
/// Opens a file in the system browser.
func openBrowser(_ file: URL) {}
/// Writes `html` like `writePrivately(_:to:)`, then opens that file in the system browser.
func openInBrowser(writtenPrivately html: String) {}

/// Where the app shows a signed-in person's home.
func showHome(of type: UserType) {}
/// Where the app shows its welcome screen.
func showWelcome() {}
/// Asks the person for the one-time code sent over `channel`.
func askForCode(sentBy channel: String) async -> String { unwritten() }

/// The app's data folder, e.g. the one its passkeys are kept in.
var dataFolder: URL { unwritten() }
/// The app's passkey authenticator.
var passkeys: SoftwareAuthenticator { unwritten() }
/// The app's local check of the person (a device password, a fingerprint).
@Sendable func askDevicePassword() async -> Bool { unwritten() }
/// Where the app shows its password sign-in.
func showPasswordSignIn() {}
/// Where the app asks for the password again, for a fresh sign-in.
func askForPasswordAgain() {}

/// A body an example leaves out, written `{ … }` in the doc comment.
func elided() -> Never { fatalError("type-checked only") }
