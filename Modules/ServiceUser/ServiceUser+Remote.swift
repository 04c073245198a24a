import LoginCore
import UserModel

extension ServiceUser {
  /// Runs an adapter call that needs the access token, with the policy every adapter shares:
  /// the token is renewed first when it is about to expire; a `.refused(.accessTokenRejected)`
  /// renews it once and asks again; rejected again, or `.refused(.sessionEnded)`, ends the
  /// session (`.revoked`) and fails with `.refused(.sessionEnded)`. Nothing else ends it.
  ///
  /// ```swift
  /// let user = try await service.authorized { token in
  ///   try await service.remote.currentUser(accessToken: token)
  /// }
  /// ```
  /// - Parameter operation: The call, given a valid access token.
  /// - Returns: What the call returns.
  /// - Throws: `.refused(.sessionEnded)` when no one is signed in or the session ended;
  ///   the renewal's failure as the adapter threw it when it could not reach the server, or
  ///   `.unavailable(.storage(_:))` when the store's lock could not be taken (the session is
  ///   kept either way); the call's own failure otherwise.
  public func authorized<T: Sendable>(
    _ operation: @Sendable (String) async throws(AuthFailure) -> T
  ) async throws(AuthFailure) -> T {
    let token = try await state.accessToken()
    do {
      return try await operation(token)
    } catch .refused(.accessTokenRejected) {
      let renewed = try await state.renewAccessToken(after: token)
      do {
        return try await operation(renewed)
      } catch .refused(.accessTokenRejected), .refused(.sessionEnded) {
        throw await ended()
      }
    } catch .refused(.sessionEnded) {
      throw await ended()
    }
  }

  private func ended() async -> AuthFailure {
    await endSession(.revoked)
    return .refused(.sessionEnded)
  }
}
