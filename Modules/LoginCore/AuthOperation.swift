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

  /// The operation in a few words, e.g. `sign-up`.
  public var summary: String {
    switch self {
    case .signIn: "sign-in"
    case .verifyCode: "one-time codes"
    case .signUp: "sign-up"
    case .refresh: "session renewal"
    case .currentUser: "the current user"
    case .updateName: "changing the name"
    case .signOut: "revoking a session at sign-out"
    }
  }
}
