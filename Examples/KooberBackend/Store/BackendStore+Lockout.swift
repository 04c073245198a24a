import DatabaseClient
import Foundation

extension BackendStore {
  /// How long an email stays locked, or nil when it may try to sign in.
  /// - Parameter email: a normalized email, with or without an account.
  /// - Returns: the seconds left, rounded up, from 1 to the lockout duration; nil when not
  ///   locked.
  /// - Throws: `500` when the database fails.
  func lockoutRemaining(email: String) throws(APIError) -> Int? {
    let lockedUntil = try read { database throws(DatabaseError) in
      try database.queryOne("SELECT locked_until FROM sign_in_failures WHERE email = ?", [email])
    }?["locked_until"] as Date?
    guard let lockedUntil else { return nil }
    // The database keeps dates to the millisecond, rounded: compared with an unrounded clock,
    // a lock made at x.0006 s would last 300.0004 s and answer 301.
    let remaining = (Self.milliseconds(lockedUntil) - Self.milliseconds(now)) / 1000
    guard remaining > 0 else { return nil }
    let seconds = min(remaining.rounded(.up), configuration.lockoutDuration.rounded(.up))
    return max(1, Int(seconds))
  }

  // The precision the database keeps, so a lock ends at the same instant for every check.
  private static func milliseconds(_ date: Date) -> Double {
    (date.timeIntervalSince1970 * 1000).rounded()
  }

  /// Counts one failed sign-in for an email; the threshold-th failure in a row locks it.
  /// A lock that has run out starts the count afresh.
  /// - Parameter email: a normalized email, with or without an account.
  /// - Throws: `500` when the database fails.
  func recordFailedSignIn(email: String) throws(APIError) {
    let now = self.now
    let threshold = max(1, configuration.lockoutThreshold)
    let lockUntil = now.addingTimeInterval(configuration.lockoutDuration)
    try write { connection in
      let row = try connection.queryOne(
        "SELECT failures, locked_until FROM sign_in_failures WHERE email = ?", [email])
      var failures = row?["failures"] as Int? ?? 0
      if let lockedUntil = row?["locked_until"] as Date?,
        Self.milliseconds(lockedUntil) <= Self.milliseconds(now)
      {
        failures = 0
      }
      failures += 1
      try connection.execute(
        """
        INSERT INTO sign_in_failures (email, failures, locked_until) VALUES (?, ?, ?)
        ON CONFLICT (email) DO UPDATE SET failures = excluded.failures,
          locked_until = excluded.locked_until
        """,
        [email, failures, failures >= threshold ? lockUntil : nil])
    }
  }

  /// Forgets an email's failures after a successful sign-in.
  /// - Parameter email: a normalized email.
  /// - Throws: `500` when the database fails.
  func clearFailedSignIns(email: String) throws(APIError) {
    try write { connection in
      try connection.execute("DELETE FROM sign_in_failures WHERE email = ?", [email])
    }
  }
}
