import DatabaseClient
import Foundation
import UserModel

extension BackendStore {
  /// A one-time code challenge as the API shows it.
  struct Challenge: Sendable {
    var id: String
    var expiresAt: Date
  }

  /// Opens a challenge for a driver and sends its code to the outbox.
  /// - Parameter user: the driver whose password was right.
  /// - Returns: the challenge.
  /// - Throws: `500` when the random generator or the database fails.
  func openChallenge(for user: User) throws(APIError) -> Challenge {
    let id = try Identifiers.challenge()
    let code = try SecureRandom.sixDigitCode()
    let codeHash = try Self.codeHash(code, challengeID: id)
    let now = self.now
    let challenge = Challenge(
      id: id, expiresAt: now.addingTimeInterval(configuration.challengeLifetime))
    try write { connection in
      try connection.execute(
        """
        INSERT INTO challenges (id, user_id, code_hash, created_at, expires_at, attempts_left)
        VALUES (?, ?, ?, ?, ?, ?)
        """,
        id, user.id, codeHash, now, challenge.expiresAt, max(1, configuration.challengeAttempts))
      try connection.execute(
        "DELETE FROM challenges WHERE expires_at < ?", now.addingTimeInterval(-86_400))
      try sendMessage(
        to: user.identifier, body: "Your Koober code is \(code)", in: connection, now: now)
    }
    return challenge
  }

  /// Checks a code against a challenge under its driver's lockout; a right code ends the
  /// challenge, signs the driver in and resets the email's failures, a wrong one counts as a
  /// failed sign-in in the same count as wrong passwords (`BackendStore+Lockout`).
  ///
  /// A challenge that is no longer open answers `410` before the lockout is asked, since
  /// there is nothing left to guess; a locked email answers `423` to any code, right or not,
  /// and the challenge keeps its attempts.
  /// - Parameters:
  ///   - challengeID: the challenge's id as sent.
  ///   - code: the code as sent.
  /// - Returns: the session of a new token family.
  /// - Throws: `410 challenge_expired` (unknown, used, expired or out of attempts),
  ///   `423 account_locked`, `401 invalid_code` with `attemptsLeft`, `429 too_many_attempts`
  ///   for the challenge's last wrong code, or `500`.
  func verifyCode(_ code: String, challengeID: String) async throws(APIError) -> IssuedSession {
    let candidate = try Self.codeHash(code, challengeID: challengeID)
    let now = self.now
    let open = try read { database throws(DatabaseError) in
      try Self.liveChallenge(challengeID, now: now, in: database)
    }
    guard let email = open?.user.identifier else { throw .challengeExpired }
    let outcome: CodeOutcome = try await attempt(email: email) {
      () throws(APIError) -> (CodeOutcome, AttemptOutcome) in
      let outcome = try checkCode(candidate, challengeID: challengeID, now: now)
      switch outcome {
      case .verified: return (outcome, .completed)
      case .wrong: return (outcome, .failed)
      case .expired: return (outcome, .uncounted)
      }
    }
    switch outcome {
    case .verified(let session):
      return session
    case .expired:
      throw .challengeExpired
    case .wrong(let attemptsLeft) where attemptsLeft > 0:
      throw APIError(
        status: 401, code: "invalid_code", message: "That code is not right.",
        extra: ["attemptsLeft": attemptsLeft])
    case .wrong:
      throw APIError(
        status: 429, code: "too_many_attempts",
        message: "Too many wrong codes. Sign in again for a new code.")
    }
  }

  /// Spends an attempt of an open challenge, in one transaction.
  private func checkCode(
    _ candidate: String, challengeID: String, now: Date
  ) throws(APIError) -> CodeOutcome {
    try write { connection in
      // Checked again: a concurrent attempt may have used or ended the challenge meanwhile.
      guard let open = try Self.liveChallenge(challengeID, now: now, in: connection) else {
        return .expired
      }
      guard ConstantTime.equals(Array(candidate.utf8), Array(open.codeHash.utf8)) else {
        try connection.execute(
          "UPDATE challenges SET attempts_left = attempts_left - 1 WHERE id = ?", challengeID)
        return .wrong(attemptsLeft: open.attemptsLeft - 1)
      }
      try connection.execute("UPDATE challenges SET used_at = ? WHERE id = ?", now, challengeID)
      return .verified(try startFamily(for: open.user, in: connection))
    }
  }

  /// A challenge that still takes codes: its driver, its code's hash and attempts left.
  private static func liveChallenge(
    _ id: String, now: Date, in database: some DatabaseExecutor
  ) throws(DatabaseError) -> (user: User, codeHash: String, attemptsLeft: Int)? {
    guard
      let row = try database.queryOne(
        """
        SELECT c.code_hash, c.expires_at, c.attempts_left, c.used_at, u.id, u.email, u.name, u.type
        FROM challenges c JOIN users u ON u.id = c.user_id WHERE c.id = ?
        """,
        id),
      let user = user(from: row), let codeHash = row["code_hash"] as String?,
      let expiresAt = row["expires_at"] as Date?, let attemptsLeft = row["attempts_left"] as Int?,
      row.value(named: "used_at") == .null, attemptsLeft > 0, expiresAt > now
    else { return nil }
    return (user, codeHash, attemptsLeft)
  }

  private enum CodeOutcome {
    case verified(IssuedSession)
    case expired
    case wrong(attemptsLeft: Int)
  }

  /// Codes are stored hashed with their challenge's id, so a database dump shows no codes.
  private static func codeHash(_ code: String, challengeID: String) throws(APIError) -> String {
    try SHA256Digest.hex(challengeID + ":" + code)
  }
}
