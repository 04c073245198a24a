import Localization

/// The account operations, named in `.unsupported` failures: those of `AuthRemoteAPI`, and
/// sending a new one-time code.
public enum AuthOperation: String, Sendable, Equatable, Hashable, CaseIterable {
  /// `signIn(_:)`.
  case signIn = "sign_in"
  /// `verifyCode(_:for:)`.
  case verifyCode = "verify_code"
  /// `signUp(_:)`.
  case signUp = "sign_up"
  /// `refresh(_:)`.
  case refresh
  /// `currentUser(accessToken:)`.
  case currentUser = "current_user"
  /// `updateName(_:accessToken:)`.
  case updateName = "update_name"
  /// `signOut(_:)`: revoking the session on the server.
  case signOut = "sign_out"
  /// Sending a new one-time code (a resumed challenge cannot: the password is not known).
  case resendCode = "resend_code"
  /// `authorizationRequest(redirectURI:)` and `signIn(callback:for:)`: the authorization-code
  /// sign-in in the system browser.
  case browserSignIn = "browser_sign_in"
  /// `startDeviceSignIn()` and `finishDeviceSignIn(_:)`: the device authorization grant.
  case deviceSignIn = "device_sign_in"
  /// `switchAccount(to:)`: keeping several accounts and making another one active.
  case switchAccount = "switch_account"
  /// The passkey operations: signing in with a passkey, and adding, listing, renaming and
  /// removing the account's passkeys.
  case passkeys

  /// The operation in a few words, e.g. `sign-up`, in the language `Texts.language` names.
  public var summary: String { summary(in: Texts.language) }

  /// The operation in a few words in `language`; developer messages ask for English.
  func summary(in language: TextLanguage) -> String {
    switch self {
    case .signIn: TextTable.loginCore.text("operation.signIn", language: language)
    case .verifyCode: TextTable.loginCore.text("operation.verifyCode", language: language)
    case .signUp: TextTable.loginCore.text("operation.signUp", language: language)
    case .refresh: TextTable.loginCore.text("operation.refresh", language: language)
    case .currentUser: TextTable.loginCore.text("operation.currentUser", language: language)
    case .updateName: TextTable.loginCore.text("operation.updateName", language: language)
    case .signOut: TextTable.loginCore.text("operation.signOut", language: language)
    case .resendCode: TextTable.loginCore.text("operation.resendCode", language: language)
    case .browserSignIn: TextTable.loginCore.text("operation.browserSignIn", language: language)
    case .deviceSignIn: TextTable.loginCore.text("operation.deviceSignIn", language: language)
    case .switchAccount: TextTable.loginCore.text("operation.switchAccount", language: language)
    case .passkeys: TextTable.loginCore.text("operation.passkeys", language: language)
    }
  }
}
