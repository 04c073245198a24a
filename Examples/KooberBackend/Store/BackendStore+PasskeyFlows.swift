import DatabaseClient
import Foundation
import UserModel

/// Passkey flows (the HTTP contract's "Passkeys"): a `pkf_` id holding one challenge of 32
/// random bytes, alive 5 minutes and spent by its first use, and each user's WebAuthn user
/// handle (32 random bytes, never the email).
extension BackendStore {
  /// How long a flow lives.
  static let passkeyFlowLifetime: TimeInterval = 5 * 60
  /// The random bytes of a challenge and of a user handle.
  static let passkeyRandomBytes = 32

  /// What a flow is for.
  enum PasskeyFlowKind: String, Sendable {
    case registration
    case authentication
  }

  /// A new flow as its options name it.
  struct PasskeyFlow: Sendable {
    var id: String
    var challenge: [UInt8]
  }

  /// A registration flow's options: the flow, the user's handle and the ids of their
  /// passkeys (excluded, so an authenticator does not make a second one for this account).
  struct RegistrationStart: Sendable {
    var flow: PasskeyFlow
    var userHandle: [UInt8]
    var excludedIDs: [String]
  }

  /// Opens a registration flow for a user, giving them a user handle when they have none.
  /// - Parameters:
  ///   - user: the signed-in user.
  ///   - notAfter: when the flow ends at the latest (the end of the session's
  ///     reauthentication window), if before its 5 minutes are up.
  /// - Returns: the flow, the handle and the user's passkey ids, oldest first.
  /// - Throws: `503 server_busy` past the cap of live flows, `500` when the random generator
  ///   or the database fails.
  func openRegistrationFlow(
    for user: User, notAfter: Date
  ) throws(APIError) -> RegistrationStart {
    let flow = PasskeyFlow(
      id: try Identifiers.passkeyFlow(),
      challenge: try SecureRandom.bytes(Self.passkeyRandomBytes))
    let fresh = try SecureRandom.bytes(Self.passkeyRandomBytes)
    let now = self.now
    return try write { connection in
      try insert(
        flow, kind: .registration, userID: user.id, in: connection, now: now,
        notAfter: notAfter)
      try connection.execute(
        "INSERT OR IGNORE INTO user_handles (user_id, handle) VALUES (?, ?)", user.id,
        Data(fresh))
      let row = try connection.queryOne(
        "SELECT handle FROM user_handles WHERE user_id = ?", user.id)
      guard let handle = row?["handle"] as Data? else {
        throw APIError.internal("user handle")
      }
      let ids = try connection.query(
        "SELECT id FROM passkeys WHERE user_id = ? ORDER BY created_at, rowid", user.id
      ).compactMap { $0["id"] as String? }
      return RegistrationStart(flow: flow, userHandle: Array(handle), excludedIDs: ids)
    }
  }

  /// Opens an authentication flow, for no account yet: the passkey names its user.
  /// - Returns: the flow.
  /// - Throws: `503 server_busy` past the cap of live flows, `500` when the random generator
  ///   or the database fails.
  func openAuthenticationFlow() throws(APIError) -> PasskeyFlow {
    let flow = PasskeyFlow(
      id: try Identifiers.passkeyFlow(),
      challenge: try SecureRandom.bytes(Self.passkeyRandomBytes))
    let now = self.now
    try write { connection in
      try insert(flow, kind: .authentication, userID: nil, in: connection, now: now)
    }
    return flow
  }

  /// Spends a flow: its first use, whatever that use's outcome, is its last, so a challenge
  /// is answered once.
  /// - Parameters:
  ///   - id: the flow id as sent.
  ///   - kind: what the route expects it to be for.
  ///   - userID: for registration, the caller; another user's flow is as unknown as none.
  /// - Returns: the flow's challenge.
  /// - Throws: `410 flow_expired` (unknown, used, expired, another kind or another user's),
  ///   or `500`.
  func spendFlow(
    _ id: String, kind: PasskeyFlowKind, userID: String?
  ) throws(APIError) -> [UInt8] {
    let now = self.now
    let challenge: Data? = try write { connection in
      guard
        let row = try connection.queryOne(
          """
          SELECT challenge, user_id, expires_at FROM passkey_flows
          WHERE id = ? AND kind = ? AND used_at IS NULL
          """,
          id, kind.rawValue),
        let challenge = row["challenge"] as Data?, let expiresAt = row["expires_at"] as Date?,
        row["user_id"] as String? == userID
      else { return nil }
      // A spent flow is gone: an unknown one answers the same `410`.
      try connection.execute("DELETE FROM passkey_flows WHERE id = ?", id)
      return expiresAt > now ? challenge : nil
    }
    guard let challenge else {
      throw APIError(
        status: 410, code: "flow_expired",
        message: "This passkey request has expired or was already used. Start again.")
    }
    return Array(challenge)
  }

  private func insert(
    _ flow: PasskeyFlow, kind: PasskeyFlowKind, userID: String?, in connection: Connection,
    now: Date, notAfter: Date = .distantFuture
  ) throws {
    // An expired flow answers `410` as an unknown one does, so it goes at once: option
    // requests, which need no account, cannot pile up rows.
    try connection.execute("DELETE FROM passkey_flows WHERE expires_at <= ?", now)
    let live = try connection.queryOne(
      "SELECT COUNT(*) AS live, MIN(expires_at) AS soonest FROM passkey_flows")
    if let count = live?["live"] as Int?, count >= configuration.passkeyFlowLimit {
      let soonest = live?["soonest"] as Date? ?? now
      let wait = soonest.timeIntervalSince(now).rounded(.up)
      throw APIError.passkeyFlowsBusy(
        retryAfter: wait.isFinite ? max(1, min(Int(Self.passkeyFlowLifetime), Int(wait))) : 1)
    }
    try connection.execute(
      """
      INSERT INTO passkey_flows (id, kind, user_id, challenge, expires_at)
      VALUES (?, ?, ?, ?, ?)
      """,
      flow.id, kind.rawValue, userID, Data(flow.challenge),
      min(now.addingTimeInterval(Self.passkeyFlowLifetime), notAfter))
  }
}
