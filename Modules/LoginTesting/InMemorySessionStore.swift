import LoginCore
import UserModel
import WireFormat

/// A `SessionStore` in memory, for tests of code above ServiceUser: what was saved, how many
/// times, and a failure to inject.
///
/// ```swift
/// let store = InMemorySessionStore()
/// store.failure = .unavailable(.storage("disk full"))   // every call fails
/// ```
public final class InMemorySessionStore: SessionStore, Sendable {
  private struct State {
    var session: UserSession?
    var saves = 0
    var failure: AuthFailure?
  }

  private let state: Locked<State>

  /// Makes a store.
  /// - Parameter session: What it holds at first, e.g. a session "from the last launch".
  public init(_ session: UserSession? = nil) {
    state = Locked(State(session: session))
  }

  /// What the store holds now.
  public var session: UserSession? { state.value.session }

  /// How many times `save(_:)` succeeded.
  public var saveCount: Int { state.value.saves }

  /// When set, every `load`, `save` and `clear` throws it, changing nothing.
  public var failure: AuthFailure? {
    get { state.value.failure }
    set { state.withLock { $0.failure = newValue } }
  }

  /// The held session.
  /// - Returns: The session, or `nil`.
  /// - Throws: `failure`, when set.
  public func load() throws(AuthFailure) -> UserSession? {
    let (session, failure) = state.withLock { ($0.session, $0.failure) }
    if let failure { throw failure }
    return session
  }

  /// Holds `session`.
  /// - Parameter session: The session.
  /// - Throws: `failure`, when set.
  public func save(_ session: UserSession) throws(AuthFailure) {
    let failure: AuthFailure? = state.withLock { state in
      guard state.failure == nil else { return state.failure }
      state.session = session
      state.saves += 1
      return nil
    }
    if let failure { throw failure }
  }

  /// Holds nothing.
  /// - Throws: `failure`, when set.
  public func clear() throws(AuthFailure) {
    let failure: AuthFailure? = state.withLock { state in
      guard state.failure == nil else { return state.failure }
      state.session = nil
      return nil
    }
    if let failure { throw failure }
  }

  /// Runs `body` at once: a store in memory is shared by no other process.
  /// - Parameter body: The work.
  /// - Returns: What `body` returns.
  /// - Throws: What `body` throws.
  public func exclusively<T: Sendable>(
    _ body: @Sendable () async throws(AuthFailure) -> T
  ) async throws(AuthFailure) -> T { try await body() }
}
