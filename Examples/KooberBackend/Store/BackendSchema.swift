/// The backend's tables, one migration per step. The ride phase appends its own migration
/// after these; never edit a migration that has shipped.
enum BackendSchema {
  /// Migration 1: accounts, token families and token hashes, one-time code challenges,
  /// sign-in failures and the outbox.
  static let accounts = """
    CREATE TABLE users (
      id TEXT PRIMARY KEY,
      email TEXT NOT NULL UNIQUE,
      name TEXT,
      type TEXT NOT NULL CHECK (type IN ('passenger', 'driver')),
      password_hash BLOB NOT NULL,
      password_salt BLOB NOT NULL,
      password_iterations INTEGER NOT NULL,
      created_at REAL NOT NULL
    );
    CREATE TABLE token_families (
      id TEXT PRIMARY KEY,
      user_id TEXT NOT NULL REFERENCES users(id),
      created_at REAL NOT NULL,
      revoked_at REAL
    );
    CREATE TABLE tokens (
      hash TEXT PRIMARY KEY,
      family_id TEXT NOT NULL REFERENCES token_families(id),
      kind TEXT NOT NULL CHECK (kind IN ('access', 'refresh')),
      issued_at REAL NOT NULL,
      expires_at REAL NOT NULL,
      spent_at REAL
    );
    CREATE INDEX tokens_by_family ON tokens(family_id);
    CREATE INDEX tokens_by_expiry ON tokens(expires_at);
    CREATE TABLE challenges (
      id TEXT PRIMARY KEY,
      user_id TEXT NOT NULL REFERENCES users(id),
      code_hash TEXT NOT NULL,
      created_at REAL NOT NULL,
      expires_at REAL NOT NULL,
      attempts_left INTEGER NOT NULL,
      used_at REAL
    );
    CREATE TABLE sign_in_failures (
      email TEXT PRIMARY KEY,
      failures INTEGER NOT NULL,
      locked_until REAL
    );
    CREATE TABLE outbox (
      seq INTEGER PRIMARY KEY AUTOINCREMENT,
      recipient TEXT NOT NULL,
      body TEXT NOT NULL,
      sent_at REAL NOT NULL
    );
    CREATE INDEX outbox_by_recipient ON outbox(recipient, seq);
    """
}
