import Foundation
import WireFormat

/// The answers of recent refreshes, kept for the HTTP contract's window in which the same
/// refresh token sent again gets the same new pair (a client whose answer was lost retries).
///
/// Tokens are stored only as hashes, so the pair cannot be rebuilt from the database; it is
/// kept here, in this process's memory only, keyed by the spent token's hash, and never
/// written to disk. A backend restarted inside the window has forgotten the answers: the
/// spent token is then reuse, as it is after the window.
///
/// Every call happens inside the store's write transaction, so a lookup and the record of a
/// new answer are one step for concurrent presentations of the same token.
final class RefreshAnswers: Sendable {
  /// One answer: the pair issued for a spent token, and when it was spent.
  struct Answer: Sendable {
    var session: BackendStore.IssuedSession
    var spentAt: Date
  }

  private let window: TimeInterval
  private let answers = Locked<[String: Answer]>([:])

  /// - Parameter window: How long after its first use a refresh token gets the same answer;
  ///   0 (or less) keeps nothing, so any second use is reuse.
  init(window: TimeInterval) {
    self.window = window.isFinite ? max(0, window) : 0
  }

  /// The answer given for the token with `hash`, while its window is open at `now`.
  func answer(for hash: String, at now: Date) -> BackendStore.IssuedSession? {
    answers.withLock { answers in
      Self.prune(&answers, at: now, window: window)
      return answers[hash]?.session
    }
  }

  /// Keeps the answer given for the token with `hash`, spent at `now`.
  func record(_ session: BackendStore.IssuedSession, for hash: String, at now: Date) {
    guard window > 0 else { return }
    answers.withLock { answers in
      Self.prune(&answers, at: now, window: window)
      answers[hash] = Answer(session: session, spentAt: now)
    }
  }

  /// Forgets the answer for `hash` (its transaction did not commit).
  func forget(_ hash: String) {
    answers.withLock { _ = $0.removeValue(forKey: hash) }
  }

  /// Drops every answer whose window has closed, so the map holds at most the refreshes of
  /// one window.
  private static func prune(_ answers: inout [String: Answer], at now: Date, window: TimeInterval)
  {
    answers = answers.filter { now.timeIntervalSince($0.value.spentAt) < window }
  }
}
