import Foundation
import UserModel

/// What a server without these operations answers: an OAuth provider has no sign-up, no
/// second step and no profile endpoint of this shape.
extension AuthRemoteAPI {
  /// Names no identity: ServiceUser then records none, and checks none.
  public var sessionIssuer: String? { nil }

  /// Not offered by this server.
  /// - Throws: `.unsupported(.verifyCode)`.
  public func verifyCode(_ code: String, for challenge: Challenge) async throws(AuthFailure)
    -> UserSession
  {
    throw .unsupported(.verifyCode)
  }

  /// Not offered by this server.
  /// - Parameter agent: Not used.
  /// - Throws: `.unsupported(.browserSignIn)`.
  public func signIn(with agent: any BrowserUserAgent) async throws(AuthFailure) -> UserSession
  {
    throw .unsupported(.browserSignIn)
  }

  /// Nothing to end: this server keeps no browser session of its own.
  /// - Parameters:
  ///   - session: Not used.
  ///   - agent: Not used.
  public func endBrowserSession(_ session: UserSession, with agent: any BrowserUserAgent)
    async throws(AuthFailure)
  {}

  /// Not offered by this server.
  /// - Throws: `.unsupported(.deviceSignIn)`.
  public func startDeviceSignIn() async throws(AuthFailure) -> DeviceAuthorization {
    throw .unsupported(.deviceSignIn)
  }

  /// Not offered by this server.
  /// - Parameter authorization: Not used.
  /// - Throws: `.unsupported(.deviceSignIn)`.
  public func finishDeviceSignIn(_ authorization: DeviceAuthorization)
    async throws(AuthFailure) -> UserSession
  {
    throw .unsupported(.deviceSignIn)
  }

  /// Not offered by this server.
  /// - Throws: `.unsupported(.signUp)`.
  public func signUp(_ form: SignUpCredentials) async throws(AuthFailure) -> UserSession {
    throw .unsupported(.signUp)
  }

  /// Not offered by this server: it revokes a session only with its access token, so a
  /// sign-out whose access token was not taken renews the session first.
  /// - Parameter refreshToken: Not used.
  /// - Throws: `.unsupported(.signOut)`.
  public func revoke(refreshToken: String) async throws(AuthFailure) {
    throw .unsupported(.signOut)
  }

  /// Not offered by this server.
  /// - Throws: `.unsupported(.updateName)`.
  public func updateName(_ name: String?, accessToken: String) async throws(AuthFailure) -> User
  {
    throw .unsupported(.updateName)
  }

  /// The usual reading of a failed authorized answer: the request carried the access token,
  /// so a `401` means the server did not take it, whatever its challenge says (RFC 6750 lets a
  /// server leave `error` out, as Django REST framework's `Bearer realm="api"` does).
  /// ServiceUser then renews the token once and retries; rejected again, the session ends.
  /// Any other answer is server trouble (a `503` or `429` with `Retry-After` is busy), never
  /// a reason to end the session.
  /// - Parameters:
  ///   - status: The HTTP status.
  ///   - headers: The response's headers.
  ///   - body: The response's body (not read).
  /// - Returns: `.refused(.accessTokenRejected)` for a `401`, `.unavailable(_)` otherwise.
  public func failure(ofAuthorizedStatus status: Int, headers: [String: String], body: Data)
    -> AuthFailure
  {
    if status == 401 { return .refused(.accessTokenRejected) }
    return AuthFailure.standard(status: status, headers: headers)
  }
}
