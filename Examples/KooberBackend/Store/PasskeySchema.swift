/// The passkey tables (migration 3): each user's WebAuthn user handle, the registered
/// credentials, and the registration and authentication flows.
enum PasskeySchema {
  /// Migration 3. A credential's id is kept as base64url without padding, the form the routes
  /// name it by; its public key as the COSE_Key bytes the authenticator sent.
  static let passkeys = """
    CREATE TABLE user_handles (
      user_id TEXT PRIMARY KEY REFERENCES users(id),
      handle BLOB NOT NULL UNIQUE
    );
    CREATE TABLE passkeys (
      id TEXT PRIMARY KEY,
      user_id TEXT NOT NULL REFERENCES users(id),
      name TEXT NOT NULL,
      public_key BLOB NOT NULL,
      sign_count INTEGER NOT NULL,
      transports TEXT NOT NULL,
      backup_eligible INTEGER NOT NULL,
      backed_up INTEGER NOT NULL,
      created_at REAL NOT NULL,
      last_used_at REAL
    );
    CREATE INDEX passkeys_by_user ON passkeys(user_id, created_at);
    CREATE TABLE passkey_flows (
      id TEXT PRIMARY KEY,
      kind TEXT NOT NULL CHECK (kind IN ('registration', 'authentication')),
      user_id TEXT REFERENCES users(id),
      challenge BLOB NOT NULL,
      expires_at REAL NOT NULL,
      used_at REAL
    );
    CREATE INDEX passkey_flows_by_expiry ON passkey_flows(expires_at);
    """
}
