import Foundation
import UserModel

/// What a server without these operations answers: an OAuth provider has no sign-up, no
/// second step and no profile endpoint of this shape.
extension AuthRemoteAPI {
  /// Not offered by this server.
  /// - Throws: `.unsupported(.verifyCode)`.
  public func verifyCode(_ code: String, for challenge: Challenge) async throws(AuthFailure)
    -> UserSession
  {
    throw .unsupported(.verifyCode)
  }

  /// Not offered by this server.
  /// - Throws: `.unsupported(.signUp)`.
  public func signUp(_ form: SignUpCredentials) async throws(AuthFailure) -> UserSession {
    throw .unsupported(.signUp)
  }

  /// Not offered by this server.
  /// - Throws: `.unsupported(.updateName)`.
  public func updateName(_ name: String?, accessToken: String) async throws(AuthFailure) -> User
  {
    throw .unsupported(.updateName)
  }

  /// RFC 6750's reading of a failed authorized answer: a `WWW-Authenticate` Bearer challenge
  /// with `error="invalid_token"` means the access token is no longer good; anything else is
  /// server trouble, never a reason to end the session.
  /// - Parameters:
  ///   - status: The HTTP status.
  ///   - headers: The response's headers.
  ///   - body: The response's body (not read).
  /// - Returns: `.refused(.accessTokenRejected)` or `.unavailable(_)`.
  public func failure(ofAuthorizedStatus status: Int, headers: [String: String], body: Data)
    -> AuthFailure
  {
    AuthFailure.standard(status: status, headers: headers)
  }
}
