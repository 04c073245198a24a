import Foundation
import LoginCore
import UserModel

/// Revocations the server did not confirm, sent when it can next be reached.
extension ServiceUser {
  /// Where the revocation queue lives: in the session folder of a `FileSessionStore`, beside
  /// the session and under the same protections; for any other store (the Keychain, one in
  /// memory, an app's own) in `PendingRevocations`, a 0700 folder beside the account
  /// database, so the store's own folder is never narrowed and nothing needs a new
  /// `SessionStore` requirement.
  static func revocationFolder(store: any SessionStore, accountDatabaseURL: URL) -> URL {
    if let fileStore = store as? FileSessionStore {
      return fileStore.fileURL.deletingLastPathComponent()
    }
    return accountDatabaseURL.deletingLastPathComponent()
      .appendingPathComponent("PendingRevocations", isDirectory: true)
  }

  /// Keeps `session`'s refresh token to revoke later, after a revocation that got no answer
  /// (`AuthFailure.isServerAnswer` is `false`). A session without a refresh token has
  /// nothing to keep: its access token lapses soon. Best effort: a queue that cannot be
  /// written changes nothing else.
  /// - Parameter session: The session whose revocation went unanswered.
  package func queueRevocation(of session: UserSession) async {
    guard let token = session.refreshToken else { return }
    let expiry =
      session.refreshTokenExpiresAt ?? now().addingTimeInterval(
        RevocationQueue.unknownExpiryLifetime)
    let entry = RevocationQueue.Entry(
      refreshToken: token, expiresAt: expiry, issuer: session.issuer ?? remote.sessionIssuer)
    try? await revocationQueue.add(entry, now: now())
  }

  /// Sends the queue in a task of its own, when there may be one, after the server was
  /// reached: the caller never waits for it, and at most one send runs at a time.
  package func sendQueuedRevocationsSoon() {
    guard revocationQueue.mayHoldEntries else { return }
    _ = revocationQueue.startSending { [self] in await sendQueuedRevocations() }
  }

  /// Waits for a send `sendQueuedRevocationsSoon()` started: for a process about to end
  /// (koober's commands), so the revocation it owes is not cut short.
  package func queuedRevocationsSent() async {
    await revocationQueue.waitForSending()
  }

  /// Sends every queued revocation of this server identity, oldest first, with the
  /// adapter's `revoke(refreshToken:)` (Koober's `POST /v1/auth/revoke`, RFC 7009 for an
  /// OAuth provider). An entry goes once the server answered, whatever it answered (RFC 7009
  /// answers 200 for a token it does not know); on no answer the rest wait for next time.
  /// Expired entries are dropped unsent; a queue file that cannot be trusted sends nothing.
  package func sendQueuedRevocations() async {
    guard let due = try? await revocationQueue.due(for: remote.sessionIssuer, at: now())
    else { return }
    for entry in due {
      do throws(AuthFailure) {
        try await remote.revoke(refreshToken: entry.refreshToken)
      } catch {
        guard error.isServerAnswer else { return }
      }
      try? await revocationQueue.remove(entry)
    }
  }
}

extension AuthFailure {
  /// Whether the server answered: a refusal, a missing feature, or an answer under 500.
  /// `false` for no connection, a timeout, a busy or failing server (5xx), a cancelled
  /// request, and this device's own failures: a revocation that met one is not confirmed
  /// and is queued.
  package var isServerAnswer: Bool {
    switch self {
    case .refused(.signInCancelled): false
    case .refused, .unsupported: true
    case .unavailable(.unexpectedAnswer(let status, _)): status < 500
    case .unavailable: false
    }
  }
}
