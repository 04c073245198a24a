import LoginCore
import NetworkClient
import UserModel

extension ServiceUser {
  /// Runs an adapter call that needs the access token, with the policy every adapter shares:
  /// the token is renewed first when it is about to expire; a `.refused(.accessTokenRejected)`
  /// renews it once and asks again; rejected again, or `.refused(.sessionEnded)`, ends the
  /// session (`.revoked`) and fails with `.refused(.sessionEnded)`. Nothing else ends it,
  /// and a refusal ends only the session the call was made with: when another process
  /// stored a newer copy of the account meanwhile, the call goes once more with it; when
  /// another account became current, it fails with `.refused(.notSignedIn)`.
  /// After a call that succeeded, revocations a sign-out queued while the server could not
  /// be reached are sent in a task of their own (the caller does not wait for it).
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
    // The renew-once rule is NetworkClient's `CredentialRenewal`, the one the pipeline's
    // authorization stage runs: written once, for answers and for adapter calls alike.
    let lastToken = Locked<String?>(nil)
    @Sendable func call(_ token: String) async throws(AuthFailure) -> T {
      lastToken.withLock { $0 = token }
      do throws(AuthFailure) {
        return try await operation(token)
      } catch .refused(.sessionEnded) {
        switch await state.judgeRefusal(of: token) {
        case .ended: throw .refused(.sessionEnded)
        // Refused with a copy another process has replaced since: once more with the newer.
        case .newerCopy: throw .refused(.accessTokenRejected)
        // Another account is current now: this call was not its, and it does not end.
        case .notCurrent: throw await state.superseded
        }
      }
    }
    @Sendable func isRejected(_ outcome: Result<T, AuthFailure>) async -> Bool {
      if case .failure(.refused(.accessTokenRejected)) = outcome { true } else { false }
    }
    @Sendable func renew(_ rejected: String, _: Result<T, AuthFailure>) async throws(AuthFailure)
      -> String
    {
      try await state.renewAccessToken(after: rejected)
    }
    @Sendable func rejectedAgain(_: Result<T, AuthFailure>) async throws(AuthFailure) -> T {
      // Renewed and rejected again: the session the call was made with is over, if it is
      // still the current one.
      guard let token = lastToken.value else { throw await ended() }
      switch await state.judgeRefusal(of: token) {
      case .ended, .newerCopy: throw .refused(.sessionEnded)
      case .notCurrent: throw await state.superseded
      }
    }
    let result = try await CredentialRenewal.renewingOnce(
      startingWith: try await state.accessToken(), call, isRejected: isRejected, renew: renew,
      whenRejectedAgain: rejectedAgain)
    // The server answered: revocations queued while it could not be reached go now.
    sendQueuedRevocationsSoon()
    return result
  }

  private func ended() async -> AuthFailure {
    await endSession(.revoked)
    return .refused(.sessionEnded)
  }
}
