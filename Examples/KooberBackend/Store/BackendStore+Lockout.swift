import DatabaseClient
import Foundation
import UserModel

/// The lockout (the HTTP contract): failures in a row are counted per email, unknown emails
/// included, and wrong passwords and wrong one-time codes alike; the threshold-th failure locks the
/// email for the lockout duration; a completed sign-in resets the count.
///
/// Checking the count and taking a place are one step, and so are giving the place back and
/// recording the outcome: before an attempt is evaluated it reserves a place in
/// `attemptsInFlight`, refused with `423` when the email is locked or when its failures plus
/// the attempts already in flight reach the threshold. However many attempts arrive during one
/// 0.3 s hash, no more than the threshold are ever evaluated. The places live in memory only,
/// the failures in SQLite, so a crash never leaves an email stuck.
extension BackendStore {
  /// What an evaluated attempt means for its email's count of failures in a row.
  enum AttemptOutcome: Sendable {
    /// A wrong password or a wrong one-time code: counts; the threshold-th in a row locks.
    case failed
    /// A completed sign-in (a passenger's right password, a right code): resets the count.
    case completed
    /// Neither: a driver's right password (the code is still to come), a challenge that
    /// ended meanwhile.
    case uncounted
  }

  /// Evaluates one sign-in attempt (a password or a one-time code) under the lockout.
  /// - Parameters:
  ///   - email: a normalized email, with or without an account.
  ///   - evaluate: checks the attempt; returns the caller's result and what it means for the
  ///     count. An error it throws (`503`, `500`) counts as nothing.
  /// - Returns: what `evaluate` returned.
  /// - Throws: `423 account_locked` without calling `evaluate` when the email is locked or its
  ///   failures plus the attempts in flight reach the threshold; what `evaluate` throws; `500`
  ///   when the database fails.
  func attempt<R>(
    email: String, _ evaluate: () async throws(APIError) -> (R, AttemptOutcome)
  ) async throws(APIError) -> R {
    try reserveAttempt(email: email)
    let evaluated: (R, AttemptOutcome)
    do {
      evaluated = try await evaluate()
    } catch {
      attemptsInFlight.withLock { Self.release(email, from: &$0) }
      throw error
    }
    try settleAttempt(email: email, evaluated.1)
    return evaluated.0
  }

  private func reserveAttempt(email: String) throws(APIError) {
    let threshold = max(1, configuration.lockoutThreshold)
    try attemptsInFlight.withLock { inFlight throws(APIError) in
      let (failures, lockedFor) = try failureRecord(email: email)
      if let lockedFor { throw .accountLocked(retryAfter: lockedFor) }
      let pending = inFlight[email, default: 0]
      // Every attempt in flight may yet fail; if they all do, the lock lasts the full duration.
      guard min(failures, threshold) + pending < threshold else {
        throw .accountLocked(retryAfter: lockoutSeconds(configuration.lockoutDuration))
      }
      inFlight[email] = pending + 1
    }
  }

  private func settleAttempt(email: String, _ outcome: AttemptOutcome) throws(APIError) {
    try attemptsInFlight.withLock { inFlight throws(APIError) in
      // Given back before the write, so a failing database cannot keep the place taken.
      Self.release(email, from: &inFlight)
      switch outcome {
      case .failed: try recordFailure(email: email)
      case .completed: try clearFailures(email: email)
      case .uncounted: break
      }
    }
  }

  private static func release(_ email: String, from inFlight: inout [String: Int]) {
    let pending = inFlight[email, default: 0]
    inFlight[email] = pending > 1 ? pending - 1 : nil
  }

  /// The operator's way out of a lockout (`koober admin unlock`): forgets an email's failures
  /// and lock. The email's live sessions were never touched by the lock.
  /// - Parameter email: the email as typed; normalised like a sign-in's
  ///   (`CredentialRules.normalizedEmail`).
  /// - Returns: whether the email had failures or a lock to forget.
  /// - Throws: `500` when the database fails.
  func unlock(email: String) throws(APIError) -> Bool {
    let normalized = CredentialRules.normalizedEmail(email)
    return try write { connection in
      let row = try connection.queryOne(
        "SELECT 1 FROM sign_in_failures WHERE email = ?", normalized)
      try connection.execute("DELETE FROM sign_in_failures WHERE email = ?", normalized)
      return row != nil
    }
  }

  /// How long an email stays locked, for a sign-in that does not count towards the lockout
  /// (a passkey's): a locked account cannot sign in that way either.
  /// - Parameter email: a normalized email.
  /// - Returns: the seconds left of the lock, rounded up; nil when not locked.
  /// - Throws: `500` when the database fails.
  func lockRemaining(email: String) throws(APIError) -> Int? {
    try failureRecord(email: email).lockedFor
  }

  /// An email's failures in a row, and how long it stays locked.
  /// - Parameter email: a normalized email.
  /// - Returns: the failures (0 once a lock has run out) and the seconds left of a lock,
  ///   rounded up, from 1 to the lockout duration; nil when not locked.
  /// - Throws: `500` when the database fails.
  private func failureRecord(email: String) throws(APIError) -> (Int, lockedFor: Int?) {
    let row = try read { database throws(DatabaseError) in
      try database.queryOne(
        "SELECT failures, locked_until FROM sign_in_failures WHERE email = ?", email)
    }
    let failures = row?["failures"] as Int? ?? 0
    guard let lockedUntil = row?["locked_until"] as Date? else { return (failures, nil) }
    // The database keeps dates to the millisecond, rounded: compared with an unrounded clock,
    // a lock made at x.0006 s would last 300.0004 s and answer 301.
    let remaining = (Self.milliseconds(lockedUntil) - Self.milliseconds(now)) / 1000
    guard remaining > 0 else { return (0, nil) }
    return (failures, lockoutSeconds(min(remaining, configuration.lockoutDuration)))
  }

  /// Whole seconds to wait, rounded up, at least 1.
  private func lockoutSeconds(_ interval: TimeInterval) -> Int {
    Int(min(max(interval.rounded(.up), 1), Double(Int32.max)))
  }

  // The precision the database keeps, so a lock ends at the same instant for every check.
  private static func milliseconds(_ date: Date) -> Double {
    (date.timeIntervalSince1970 * 1000).rounded()
  }

  /// Counts one failure for an email; the threshold-th failure in a row locks it. A lock that
  /// has run out starts the count afresh.
  private func recordFailure(email: String) throws(APIError) {
    let now = self.now
    let threshold = max(1, configuration.lockoutThreshold)
    let lockUntil = now.addingTimeInterval(configuration.lockoutDuration)
    try write { connection in
      let row = try connection.queryOne(
        "SELECT failures, locked_until FROM sign_in_failures WHERE email = ?", email)
      var failures = row?["failures"] as Int? ?? 0
      if let lockedUntil = row?["locked_until"] as Date?,
        Self.milliseconds(lockedUntil) <= Self.milliseconds(now)
      {
        failures = 0
      }
      failures = min(failures, threshold) + 1
      try connection.execute(
        """
        INSERT INTO sign_in_failures (email, failures, locked_until) VALUES (?, ?, ?)
        ON CONFLICT (email) DO UPDATE SET failures = excluded.failures,
          locked_until = excluded.locked_until
        """,
        email, failures, failures >= threshold ? lockUntil : nil)
    }
  }

  /// Forgets an email's failures after a completed sign-in.
  private func clearFailures(email: String) throws(APIError) {
    try write { connection in
      try connection.execute("DELETE FROM sign_in_failures WHERE email = ?", email)
    }
  }
}
