/// The operations of `AuthRemoteAPI`, named in `.unsupported` failures.
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

  /// The operation in a few words, e.g. `sign-up`, in the language `Texts.language` names.
  public var summary: String {
    switch self {
    case .signIn: LoginCoreText.text("operation.signIn")
    case .verifyCode: LoginCoreText.text("operation.verifyCode")
    case .signUp: LoginCoreText.text("operation.signUp")
    case .refresh: LoginCoreText.text("operation.refresh")
    case .currentUser: LoginCoreText.text("operation.currentUser")
    case .updateName: LoginCoreText.text("operation.updateName")
    case .signOut: LoginCoreText.text("operation.signOut")
    }
  }
}
