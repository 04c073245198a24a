import LoginCore
import ServiceUser
import ServiceUserLogin
import UserModel
import WireFormat

/// The app's real ServiceUser, counting the change streams someone still consumes: each
/// stream handed out relays the service's own, and stops counting (and stops the service's
/// stream) when its consumer ends it, as the service's broadcaster forgets a listener.
struct ListenerCount: LoginServicing {
  let base: ServiceUser
  /// Streams handed out and not ended by their consumer.
  let live = Locked(0)

  var identifierRule: IdentifierRule { base.identifierRule }

  func sessionChanges() -> AsyncStream<SessionChange> {
    let inner = base.sessionChanges()
    let (stream, continuation) = AsyncStream.makeStream(of: SessionChange.self)
    let relay = Task {
      for await change in inner { continuation.yield(change) }
      continuation.finish()
    }
    live.withLock { $0 += 1 }
    continuation.onTermination = { [live] _ in
      relay.cancel()
      live.withLock { $0 -= 1 }
    }
    return stream
  }

  func restoreSession() async -> RestoreOutcome { await base.restoreSession() }
  func signIn(identifier: String, password: String) async throws(AuthFailure) -> SignInOutcome {
    try await base.signIn(identifier: identifier, password: password)
  }
  func verifyCode(_ code: String, for challenge: Challenge) async throws(AuthFailure)
    -> UserSession
  {
    try await base.verifyCode(code, for: challenge)
  }
  func signUp(_ credentials: SignUpCredentials) async throws(AuthFailure) -> UserSession {
    try await base.signUp(credentials)
  }
  func signOut() async -> SignOutOutcome { await base.signOut() }
  func lastSignedInIdentifier() async -> String? { await base.lastSignedInIdentifier() }
}
