import NetworkClient
import ServiceUser

extension ServiceUser {
  /// Signs out: revokes the session's whole token family on the server, then clears the
  /// session on this device and publishes `.signedOut(.userAction)`. The device is signed
  /// out whatever the server says.
  ///
  /// An access token about to expire is renewed first, so the revocation reaches the
  /// server while it still honours the token. When no one is signed in this returns
  /// `.signedOut` without touching the store (an unreadable stored session stays as it is).
  /// - Returns: `.signedOut`, or `.signedOutLocally` when the server could not be reached
  ///   or did not confirm (its tokens then lapse on their own).
  public func signOut() async -> SignOutOutcome {
    guard let session = await currentSession else { return .signedOut }
    let token = (try? await accessToken()) ?? session.token
    let outcome: SignOutOutcome
    do {
      _ = try await SignOutRequest(configuration: token).perform(on: plainNetwork)
      outcome = .signedOut
    } catch {
      // 401: the server no longer honours the token, so nothing is left to revoke.
      outcome = error.status == 401 ? .signedOut : .signedOutLocally
    }
    await endSession(.userAction)
    return outcome
  }
}
