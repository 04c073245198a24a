import LoginCore
import LoginLogicControl
import UserModel

/// A scripted `LoginServicing`: each call takes the next scripted answer and is recorded.
/// An unscripted call answers `.serverTrouble`, so a test that forgot a script fails loudly.
@MainActor
final class FakeLoginService: LoginServicing {
  /// One call the logic made, with what it sent.
  enum Call: Equatable {
    case restoreSession
    case signIn(email: String, password: String)
    case verifyCode(String, challengeID: String)
    case signUp(SignUpCredentials)
    case signOut
    case lastSignedInEmail
  }

  var restoreOutcome = RestoreOutcome.notSignedIn
  var signInResults: [Result<SignInOutcome, LoginError>] = []
  var verifyResults: [Result<UserSession, LoginError>] = []
  var signUpResults: [Result<UserSession, LoginError>] = []
  var signOutOutcome = SignOutOutcome.signedOut
  var lastEmail: String?
  /// When set, every call waits for the gate before answering (a request "in flight").
  var gate: Gate?
  private(set) var calls: [Call] = []

  private nonisolated let changes: AsyncStream<SessionChange>
  private nonisolated let changesContinuation: AsyncStream<SessionChange>.Continuation

  init() {
    (changes, changesContinuation) = AsyncStream.makeStream(of: SessionChange.self)
  }

  /// Publishes a session change to the listener.
  func publish(_ change: SessionChange) {
    changesContinuation.yield(change)
  }

  /// Ends the change stream, so a listener's task finishes after the published changes.
  func finishChanges() {
    changesContinuation.finish()
  }

  func restoreSession() async -> RestoreOutcome {
    calls.append(.restoreSession)
    await gate?.wait()
    return restoreOutcome
  }

  func signIn(email: String, password: String) async throws(LoginError) -> SignInOutcome {
    calls.append(.signIn(email: email, password: password))
    await gate?.wait()
    return try Self.next(&signInResults).get()
  }

  func verifyCode(_ code: String, for challenge: Challenge) async throws(LoginError)
    -> UserSession
  {
    calls.append(.verifyCode(code, challengeID: challenge.id))
    await gate?.wait()
    return try Self.next(&verifyResults).get()
  }

  func signUp(_ credentials: SignUpCredentials) async throws(LoginError) -> UserSession {
    calls.append(.signUp(credentials))
    await gate?.wait()
    return try Self.next(&signUpResults).get()
  }

  func signOut() async -> SignOutOutcome {
    calls.append(.signOut)
    await gate?.wait()
    return signOutOutcome
  }

  nonisolated func sessionChanges() -> AsyncStream<SessionChange> {
    changes
  }

  func lastSignedInEmail() async -> String? {
    calls.append(.lastSignedInEmail)
    return lastEmail
  }

  private static func next<T>(_ results: inout [Result<T, LoginError>]) -> Result<T, LoginError> {
    results.isEmpty ? .failure(.serverTrouble("unscripted call")) : results.removeFirst()
  }
}

/// Holds calls back until the test opens it.
actor Gate {
  private var isOpen = false
  private var waiters: [CheckedContinuation<Void, Never>] = []

  func wait() async {
    guard !isOpen else { return }
    await withCheckedContinuation { waiters.append($0) }
  }

  func open() {
    isOpen = true
    for waiter in waiters { waiter.resume() }
    waiters = []
  }
}
