import DatabaseClient
import Foundation

/// Password hashing for sign-up and sign-in: always in one of the bounded `hashingSlots`, with
/// a decoy for unknown emails that costs what a real account's hash costs.
///
/// The decoy uses the iteration count most stored hashes have (counted at start, kept current
/// as accounts are made and rehashed; the configured count while there are none), not the
/// configured count: stored hashes keep the count they were made with, so after the setting
/// changes a decoy at the new count would tell unknown emails apart (1.9 ms against 358 ms).
/// A right password whose stored hash has another count is rehashed with the setting in the
/// same slot, so the stored counts converge on the setting and the decoy follows them.
extension BackendStore {
  /// Hashes a new password (sign-up) with the configured iterations.
  /// - Parameter password: the validated password.
  /// - Returns: the hash to store.
  /// - Throws: `503 server_busy` when the hashing queue is full, or `500`.
  func hashNewPassword(_ password: String) async throws(APIError) -> PasswordHash {
    let hasher = self.hasher
    return try await hashingSlots.run { () throws(APIError) in try hasher.hash(password) }
  }

  /// Checks a password against an account's stored hash, or against the decoy when there is
  /// no account, so both cost one PBKDF2 of the same count. A right password whose hash was
  /// made with other iterations than the setting is rehashed and stored.
  /// - Parameters:
  ///   - password: the password as sent.
  ///   - account: the email's account, or nil.
  /// - Returns: whether there is an account and the password is its password.
  /// - Throws: `503 server_busy` when the hashing queue is full, or `500`.
  func checkPassword(_ password: String, for account: Account?) async throws(APIError) -> Bool {
    let stored = account?.password ?? decoyPasswordHash
    let hasher = self.hasher
    let (matches, rehashed) = try await hashingSlots.run {
      () throws(APIError) -> (Bool, PasswordHash?) in
      guard try hasher.verify(password, against: stored) else { return (false, nil) }
      guard stored.iterations != hasher.iterations else { return (true, nil) }
      return (true, try hasher.hash(password))
    }
    guard let account, matches else { return false }
    if let rehashed { try replacePassword(of: account, with: rehashed) }
    return true
  }

  /// What an unknown email's password is checked against: a key no password derives, with the
  /// iteration count most stored hashes have (the larger count on a tie).
  var decoyPasswordHash: PasswordHash {
    let iterations = storedIterations.withLock { counts in
      counts.max { ($0.value, $0.key) < ($1.value, $1.key) }?.key
    }
    return PasswordHash(
      key: [UInt8](repeating: 0, count: PasswordHasher.keyLength),
      salt: [UInt8](repeating: 0, count: PasswordHasher.saltLength),
      iterations: iterations ?? hasher.iterations)
  }

  /// Counts a hash stored (`by: 1`) or replaced (`by: -1`) for the decoy's choice.
  /// - Parameters:
  ///   - iterations: the hash's iteration count.
  ///   - change: +1 or -1.
  func countStoredHash(iterations: Int, by change: Int) {
    storedIterations.withLock { counts in
      let count = counts[iterations, default: 0] + change
      counts[iterations] = count > 0 ? count : nil
    }
  }

  /// How many stored hashes have each iteration count; the simulated driver, whose key no
  /// password matches, is left out.
  /// - Parameter database: the migrated database.
  /// - Returns: the counts.
  /// - Throws: the database's error.
  static func storedIterationCounts(in database: Database) throws(DatabaseError) -> [Int: Int] {
    let rows = try database.query(
      """
      SELECT password_iterations AS iterations, COUNT(*) AS count FROM users
      WHERE email <> ? GROUP BY password_iterations
      """,
      simulatedDriverEmail)
    var counts: [Int: Int] = [:]
    for row in rows {
      if let iterations = row["iterations"] as Int?, let count = row["count"] as Int? {
        counts[iterations] = count
      }
    }
    return counts
  }

  /// Stores a rehashed password, unless the hash changed meanwhile (a concurrent rehash).
  private func replacePassword(of account: Account, with hash: PasswordHash) throws(APIError) {
    let replaced = try write { connection in
      try connection.execute(
        """
        UPDATE users SET password_hash = ?, password_salt = ?, password_iterations = ?
        WHERE id = ? AND password_salt = ?
        """,
        Data(hash.key), Data(hash.salt), hash.iterations, account.user.id,
        Data(account.password.salt))
    }
    guard replaced == 1 else { return }
    countStoredHash(iterations: account.password.iterations, by: -1)
    countStoredHash(iterations: hash.iterations, by: 1)
  }
}
