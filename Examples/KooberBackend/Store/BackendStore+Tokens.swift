import DatabaseClient
import Foundation
import KooberWire
import UserModel

extension BackendStore {
  /// A freshly issued token pair, encoded as the HTTP contract's Session; the plain tokens exist
  /// only in this value and the response.
  struct IssuedSession: Sendable, Encodable, CustomStringConvertible {
    var user: User
    var token: String
    var expiresAt: Date
    var refreshToken: String
    var refreshExpiresAt: Date

    /// The HTTP contract's Session, through KooberWire's one mapping.
    func encode(to encoder: any Encoder) throws {
      try KooberWire.Session(
        user: user, token: token, expiresAt: expiresAt, refreshToken: refreshToken,
        refreshExpiresAt: refreshExpiresAt
      ).encode(to: encoder)
    }

    /// The user and expiries; never the tokens.
    var description: String {
      "IssuedSession(user: \(user.id), expiresAt: \(expiresAt), token: <redacted>)"
    }
  }

  /// Who an access token belongs to.
  struct Authenticated: Sendable {
    var user: User
    var familyID: String
    var expiresAt: Date
    /// When the family began: the sign-in, which refreshes do not move (adding a passkey
    /// asks for a recent one).
    var signedInAt: Date
  }

  /// Starts a new token family for a user (a sign-up, sign-in or verified code) and issues its
  /// first pair.
  /// - Parameters:
  ///   - user: the user.
  ///   - connection: the open transaction.
  /// - Returns: the pair.
  /// - Throws: `APIError` or `DatabaseError`.
  func startFamily(for user: User, in connection: Connection) throws -> IssuedSession {
    let familyID = try Identifiers.family()
    let now = self.now
    try connection.execute(
      "INSERT INTO token_families (id, user_id, created_at) VALUES (?, ?, ?)",
      familyID, user.id, now)
    try pruneTokens(in: connection, now: now)
    return try issuePair(for: user, familyID: familyID, in: connection, now: now)
  }

  /// Finds the user behind an access token.
  /// - Parameter token: the bearer token as sent.
  /// - Returns: the user, the token's family and expiry.
  /// - Throws: `401 invalid_token` (unknown or revoked), `401 token_expired`, or `500`.
  func authenticate(accessToken token: String) throws(APIError) -> Authenticated {
    let hash = try SHA256Digest.hex(token)
    let row = try read { database throws(DatabaseError) in
      try database.queryOne(
        """
        SELECT t.expires_at, t.family_id, f.revoked_at, f.created_at, u.id, u.email, u.name,
          u.type
        FROM tokens t JOIN token_families f ON f.id = t.family_id JOIN users u ON u.id = f.user_id
        WHERE t.hash = ? AND t.kind = 'access'
        """,
        hash)
    }
    guard let row, let user = Self.user(from: row), let familyID = row["family_id"] as String?,
      let expiresAt = row["expires_at"] as Date?, let signedInAt = row["created_at"] as Date?,
      row.value(named: "revoked_at") == .null
    else { throw .invalidToken }
    guard expiresAt > now else { throw .tokenExpired }
    return Authenticated(
      user: user, familyID: familyID, expiresAt: expiresAt, signedInAt: signedInAt)
  }

  /// Spends a refresh token for a new pair of the same family. Sent again within the
  /// configured window (`refreshWindow`) of its first use, it gets that use's pair again, so
  /// a client whose answer was lost retries safely; after the window it is reuse.
  /// - Parameter token: the refresh token as sent.
  /// - Returns: the new pair, or the first use's pair inside the window.
  /// - Throws: `401 invalid_refresh_token` (unknown, expired, or of a revoked family, inside
  ///   the window too), `401 refresh_token_reused` (spent, and its window closed or forgotten
  ///   by a restart: the family is revoked now), or `500`.
  func refresh(_ token: String) throws(APIError) -> IssuedSession {
    let hash = try SHA256Digest.hex(token)
    let now = self.now
    let answers = refreshAnswers
    var recorded = false
    let outcome: RefreshOutcome
    do {
      // One transaction: the check of the answers and the record of a new one are one step
      // for concurrent presentations of the same token.
      outcome = try write { connection in
        guard let row = try connection.queryOne(
          """
          SELECT t.expires_at, t.spent_at, t.family_id, f.revoked_at,
            u.id, u.email, u.name, u.type
          FROM tokens t JOIN token_families f ON f.id = t.family_id
          JOIN users u ON u.id = f.user_id
          WHERE t.hash = ? AND t.kind = 'refresh'
          """,
          hash),
          let user = Self.user(from: row), let familyID = row["family_id"] as String?,
          let expiresAt = row["expires_at"] as Date?,
          row.value(named: "revoked_at") == .null
        else { return .invalid }
        if row.value(named: "spent_at") != .null {
          if let first = answers.answer(for: hash, at: now) { return .issued(first) }
          try revokeFamily(familyID, in: connection, now: now)
          return .reused
        }
        guard expiresAt > now else { return .invalid }
        try connection.execute("UPDATE tokens SET spent_at = ? WHERE hash = ?", now, hash)
        let session = try issuePair(for: user, familyID: familyID, in: connection, now: now)
        answers.record(session, for: hash, at: now)
        recorded = true
        return .issued(session)
      }
    } catch {
      // Not committed: the token is not spent, and no pair was issued to give again.
      if recorded { answers.forget(hash) }
      throw error
    }
    switch outcome {
    case .issued(let session): return session
    case .invalid:
      throw APIError(
        status: 401, code: "invalid_refresh_token",
        message: "The refresh token is not valid: sign in again.")
    case .reused:
      throw APIError(
        status: 401, code: "refresh_token_reused",
        message: "This refresh token was already used, so the session was ended for safety. "
          + "Sign in again.")
    }
  }

  /// Revokes the family of a refresh token, live or spent (`POST /v1/auth/revoke`); an
  /// unknown token changes nothing.
  /// - Parameter token: the refresh token as sent.
  /// - Throws: `500` when the database fails.
  func revokeFamily(ofRefreshToken token: String) throws(APIError) {
    let hash = try SHA256Digest.hex(token)
    let now = self.now
    try write { connection in
      let row = try connection.queryOne(
        "SELECT family_id FROM tokens WHERE hash = ? AND kind = 'refresh'", hash)
      if let familyID = row?["family_id"] as String? {
        try revokeFamily(familyID, in: connection, now: now)
      }
    }
  }

  /// Revokes every token of a family (sign-out).
  /// - Parameter familyID: the family.
  /// - Throws: `500` when the database fails.
  func revokeFamily(_ familyID: String) throws(APIError) {
    let now = self.now
    try write { connection in try revokeFamily(familyID, in: connection, now: now) }
  }

  private enum RefreshOutcome {
    case issued(IssuedSession)
    case invalid
    case reused
  }

  private func revokeFamily(_ familyID: String, in connection: Connection, now: Date) throws {
    try connection.execute(
      "UPDATE token_families SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL",
      now, familyID)
  }

  private func issuePair(
    for user: User, familyID: String, in connection: Connection, now: Date
  ) throws -> IssuedSession {
    let session = IssuedSession(
      user: user,
      token: try Identifiers.token(),
      expiresAt: now.addingTimeInterval(configuration.accessTokenLifetime),
      refreshToken: try Identifiers.token(),
      refreshExpiresAt: now.addingTimeInterval(configuration.refreshTokenLifetime))
    let insert = """
      INSERT INTO tokens (hash, family_id, kind, issued_at, expires_at) VALUES (?, ?, ?, ?, ?)
      """
    try connection.execute(
      insert, try SHA256Digest.hex(session.token), familyID, "access", now, session.expiresAt)
    try connection.execute(
      insert,
      try SHA256Digest.hex(session.refreshToken), familyID, "refresh", now,
      session.refreshExpiresAt)
    return session
  }

  /// Forgets tokens long past their expiry. Expired access tokens are kept as long as a refresh
  /// token could live, so a late request still learns `token_expired`, not `invalid_token`.
  private func pruneTokens(in connection: Connection, now: Date) throws {
    let horizon = max(configuration.refreshTokenLifetime, configuration.accessTokenLifetime)
    try connection.execute(
      "DELETE FROM tokens WHERE expires_at < ?", now.addingTimeInterval(-horizon))
  }
}
