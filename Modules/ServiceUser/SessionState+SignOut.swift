import LoginCore
import UserModel

extension SessionState {
  /// Renews the session so that a sign-out can revoke it with a fresh access token, for a
  /// server that takes no other proof (one that revokes by access token only). It joins the
  /// renewal in flight or starts the only one, like every other caller; a refusal ends the
  /// session as the person's sign-out (`.userAction`), not as the server's doing.
  /// - Returns: The renewed session; `nil` when the server refused the refresh token or the
  ///   session ended meanwhile: nothing of it is left to revoke.
  /// - Throws: `AuthFailure` when the server could not be asked (the refresh token lives
  ///   on); `.unavailable(.storage(_))` when the store's lock could not be taken.
  package func renewForSignOut() async throws(AuthFailure) -> UserSession? {
    guard session != nil else { return nil }
    signingOut = true
    do {
      return try await renew()
    } catch let failure as AuthFailure {
      throw failure
    } catch ServiceUserError.notSignedIn {
      return nil
    } catch {
      throw .unavailable(.storage("the session lock could not be taken"))
    }
  }
}
