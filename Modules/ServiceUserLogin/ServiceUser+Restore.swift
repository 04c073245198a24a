import NetworkClient
import ServiceUser
import UserModel

extension ServiceUser {
  /// The launch check: reads the stored session, rejects one whose refresh token has
  /// expired without asking the server, and validates the rest with
  /// `GET /v1/auth/session` (renewing the access token first when it is about to expire).
  ///
  /// A validated or kept session becomes current and listeners hear `.signedIn`. A session
  /// the server refuses (a 401 with API.md's error body) is cleared (`.expired`). When the
  /// server cannot be reached, fails, or answers something that is not API.md's, the stored
  /// session is kept and used unvalidated (`.offline`). A store that cannot be
  /// read is reported (`.unavailable`) and left untouched: it is never taken for a sign-out.
  /// - Returns: What was found; see `RestoreOutcome`.
  public func restoreSession() async -> RestoreOutcome {
    let stored: UserSession?
    do {
      stored = try sessionStore.load()
    } catch {
      return .unavailable(error.message)
    }
    guard let stored else { return .notSignedIn }
    guard !stored.isRefreshExpired(at: now()) else {
      await adoptStoredSession(stored)
      await endSession(.expired)
      return .expired
    }
    await adoptStoredSession(stored)
    do {
      let user = try await SessionCheckRequest().perform(on: network)
      return await accept(user)
    } catch {
      return await settle(after: error)
    }
  }

  /// The server honoured the session: record its copy of the user and announce it.
  private func accept(_ user: User) async -> RestoreOutcome {
    do {
      guard let session = try await confirmSession(with: user) else { return .expired }
      return .signedIn(session)
    } catch {
      // The account row or store could not be updated; the session itself is still good.
      guard let session = await currentSession else { return .expired }
      _ = try? await confirmSession(with: nil)
      return .signedIn(session)
    }
  }

  /// The check failed: a refusal ends the session; anything else keeps it unvalidated.
  private func settle(after error: NetworkError) async -> RestoreOutcome {
    let refused =
      switch error {
      // A 401 without API.md's error body is not the server's verdict on the token.
      case .http(401, _?, _), .authorizationUnavailable: true
      default: false
      }
    guard !refused, let session = await currentSession else {
      await endSession(.expired)
      return .expired
    }
    _ = try? await confirmSession(with: nil)
    return .offline(session)
  }
}
