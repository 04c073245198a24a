import DatabaseClient
import Foundation
import UserModel

/// Registered passkeys: the credential id, the COSE public key, the sign count, the
/// transports and the backup flags, per user.
extension BackendStore {
  /// A passkey as the HTTP contract shows it (`Passkey`).
  struct PasskeyInfo: Sendable, Encodable, Equatable {
    var id: String
    var name: String
    var createdAt: Date
    var lastUsedAt: Date?

    /// `lastUsedAt` is written as `null` until the first sign-in, never left out.
    func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(id, forKey: .id)
      try container.encode(name, forKey: .name)
      try container.encode(createdAt, forKey: .createdAt)
      try container.encode(lastUsedAt, forKey: .lastUsedAt)
    }

    private enum CodingKeys: String, CodingKey {
      case id, name, createdAt, lastUsedAt
    }
  }

  /// A verified registration, ready to keep.
  struct NewPasskey: Sendable {
    /// The credential id, base64url without padding.
    var id: String
    var name: String
    /// The COSE_Key bytes.
    var publicKey: [UInt8]
    var signCount: UInt32
    var transports: [String]
    var backupEligible: Bool
    var backedUp: Bool
  }

  /// A stored credential and its user, for an assertion.
  struct StoredPasskey: Sendable {
    var user: User
    var userHandle: [UInt8]
    var publicKey: [UInt8]
    var signCount: UInt32
    /// The BE flag at registration; an assertion must carry the same.
    var backupEligible: Bool
  }

  /// Keeps a verified passkey.
  /// - Parameters:
  ///   - passkey: the passkey.
  ///   - userID: its user.
  /// - Returns: the passkey as the contract shows it.
  /// - Throws: `409 passkey_exists` when the credential id is registered (to anyone), `500`.
  func addPasskey(_ passkey: NewPasskey, userID: String) throws(APIError) -> PasskeyInfo {
    let now = self.now
    return try write { connection in
      guard try connection.queryOne("SELECT 1 FROM passkeys WHERE id = ?", passkey.id) == nil
      else {
        throw APIError(
          status: 409, code: "passkey_exists", message: "This passkey is already registered.")
      }
      try connection.execute(
        """
        INSERT INTO passkeys (id, user_id, name, public_key, sign_count, transports,
          backup_eligible, backed_up, created_at)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
        """,
        passkey.id, userID, passkey.name, Data(passkey.publicKey), Int(passkey.signCount),
        passkey.transports.joined(separator: ","), passkey.backupEligible, passkey.backedUp,
        now)
      return PasskeyInfo(id: passkey.id, name: passkey.name, createdAt: now, lastUsedAt: nil)
    }
  }

  /// A credential and its user, for an assertion.
  /// - Parameter id: the credential id, base64url without padding.
  /// - Returns: the credential, or nil when no user has it.
  /// - Throws: `500` when the database fails.
  func storedPasskey(id: String) throws(APIError) -> StoredPasskey? {
    let row = try read { database throws(DatabaseError) in
      try database.queryOne(
        """
        SELECT p.public_key, p.sign_count, p.backup_eligible, h.handle,
          u.id, u.email, u.name, u.type
        FROM passkeys p JOIN users u ON u.id = p.user_id
        JOIN user_handles h ON h.user_id = p.user_id WHERE p.id = ?
        """,
        id)
    }
    guard let row, let user = Self.user(from: row), let key = row["public_key"] as Data?,
      let handle = row["handle"] as Data?, let count = row["sign_count"] as Int?,
      let signCount = UInt32(exactly: count), let eligible = row["backup_eligible"] as Bool?
    else { return nil }
    return StoredPasskey(
      user: user, userHandle: Array(handle), publicKey: Array(key), signCount: signCount,
      backupEligible: eligible)
  }

  /// Signs a user in with a verified assertion: checks the sign count against the stored one
  /// again inside the transaction (so two concurrent assertions with one count cannot both
  /// pass), keeps the new count, the backup state (§7.2 step 19) and the time, and starts a
  /// token family.
  /// - Parameters:
  ///   - id: the credential id.
  ///   - signCount: the assertion's count.
  ///   - backedUp: the assertion's BS flag.
  /// - Returns: the session, or nil when the count does not grow (a cloned authenticator).
  /// - Throws: `500` when the database fails.
  func signIn(
    passkey id: String, signCount: UInt32, backedUp: Bool
  ) throws(APIError) -> IssuedSession? {
    let now = self.now
    return try write { connection in
      guard
        let row = try connection.queryOne(
          """
          SELECT p.sign_count, u.id, u.email, u.name, u.type
          FROM passkeys p JOIN users u ON u.id = p.user_id WHERE p.id = ?
          """,
          id),
        let user = Self.user(from: row), let count = row["sign_count"] as Int?,
        let stored = UInt32(exactly: count),
        Self.signCountAccepted(stored: stored, received: signCount)
      else { return nil }
      try connection.execute(
        "UPDATE passkeys SET sign_count = ?, backed_up = ?, last_used_at = ? WHERE id = ?",
        Int(signCount), backedUp, now, id)
      return try startFamily(for: user, in: connection)
    }
  }

  /// WebAuthn Level 3 §7.2 step 22: while either count is non-zero, the new one must be
  /// greater; both zero means an authenticator that keeps no count.
  static func signCountAccepted(stored: UInt32, received: UInt32) -> Bool {
    (stored == 0 && received == 0) || received > stored
  }

  /// A user's passkeys, oldest first.
  /// - Parameter userID: the user.
  /// - Returns: the passkeys.
  /// - Throws: `500` when the database fails.
  func passkeys(userID: String) throws(APIError) -> [PasskeyInfo] {
    try read { database throws(DatabaseError) in
      try database.query(
        """
        SELECT id, name, created_at, last_used_at FROM passkeys WHERE user_id = ?
        ORDER BY created_at, rowid
        """,
        userID)
    }.compactMap(Self.passkeyInfo)
  }

  /// Renames one of a user's passkeys.
  /// - Parameters:
  ///   - id: the passkey's id.
  ///   - userID: the caller.
  ///   - name: the validated name.
  /// - Returns: the renamed passkey.
  /// - Throws: `404 not_found` when it is not one of the caller's passkeys, `500`.
  func renamePasskey(_ id: String, userID: String, to name: String) throws(APIError)
    -> PasskeyInfo
  {
    try write { connection in
      try connection.execute(
        "UPDATE passkeys SET name = ? WHERE id = ? AND user_id = ?", name, id, userID)
      guard
        let row = try connection.queryOne(
          "SELECT id, name, created_at, last_used_at FROM passkeys WHERE id = ? AND user_id = ?",
          id, userID),
        let passkey = Self.passkeyInfo(row)
      else { throw APIError.notFound }
      return passkey
    }
  }

  /// Removes one of a user's passkeys; the sessions it signed in stay live.
  /// - Parameters:
  ///   - id: the passkey's id.
  ///   - userID: the caller.
  /// - Throws: `404 not_found` when it is not one of the caller's passkeys, `500`.
  func deletePasskey(_ id: String, userID: String) throws(APIError) {
    try write { connection in
      guard
        try connection.queryOne(
          "SELECT 1 FROM passkeys WHERE id = ? AND user_id = ?", id, userID) != nil
      else { throw APIError.notFound }
      try connection.execute("DELETE FROM passkeys WHERE id = ?", id)
    }
  }

  private static func passkeyInfo(_ row: Row) -> PasskeyInfo? {
    guard let id = row["id"] as String?, let name = row["name"] as String?,
      let createdAt = row["created_at"] as Date?
    else { return nil }
    return PasskeyInfo(
      id: id, name: name, createdAt: createdAt, lastUsedAt: row["last_used_at"] as Date?)
  }
}
