import DatabaseClient
import Foundation
import LoginCore
import WireFormat
import UserModel

/// The device's account database: the accounts seen here, the last signed-in identifier, and the
/// file of each user's own database. Opened and migrated on first use, so a failure to open
/// it surfaces as the `AuthFailure` of the operation that needed it (and is retried next time)
/// rather than failing the service's construction.
///
/// Everything in it can be rebuilt from the server, so a file that is not a database (or is
/// corrupt) must not lock the user out: it is moved aside, kept for a bug report, and a fresh
/// one is created (see `AccountDirectory+CorruptFile.swift`). A file from a newer version of
/// the app is never moved: opening it fails `.refused(.updateRequired)`, so a downgrade cannot
/// destroy the newer app's data. The session store is not touched either way.
///
/// Synchronous and lock-based: `SessionState` calls it inside one actor turn, so the account
/// rows and the session store change together with nothing in between.
package final class AccountDirectory: Sendable {
  private let databaseURL: URL
  private let userDatabasesFolder: URL
  private let now: @Sendable () -> Date
  private let open = Locked(OpenDatabases())

  /// The databases opened so far, kept so every caller shares one connection per file.
  private struct OpenDatabases {
    var accounts: Database?
    var users: [String: Database] = [:]
  }

  init(databaseURL: URL, userDatabasesFolder: URL, now: @escaping @Sendable () -> Date) {
    self.databaseURL = databaseURL
    self.userDatabasesFolder = userDatabasesFolder
    self.now = now
  }

  /// Records a signed-in user: the account row (created or updated) and the last signed-in
  /// email, with `persist` (the session store's write) inside the same transaction, so
  /// either all of it happens or none of it.
  /// - Throws: `.unavailable(.storage(_:))` or `.refused(.updateRequired)` for the database;
  ///   what `persist` throws when it fails (rows rolled back).
  package func recordSignIn(
    of user: User, at moment: Date, persist: () throws(AuthFailure) -> Void
  ) throws(AuthFailure) {
    try write(persist: persist) { connection throws(DatabaseError) in
      try connection.execute(
        """
        INSERT INTO account (user_id, identifier, email, name, type, database_file,
          first_signed_in_at, last_signed_in_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)
        ON CONFLICT (user_id) DO UPDATE SET identifier = excluded.identifier,
          email = excluded.email, name = excluded.name, type = excluded.type,
          last_signed_in_at = excluded.last_signed_in_at
        """,
        user.id, user.identifier, user.email, user.name, user.type.rawValue,
        Self.databaseFileName(for: user.id), moment, moment)
      try connection.execute(
        "INSERT OR REPLACE INTO last_sign_in (id, identifier, user_id) VALUES (1, ?, ?)",
        user.identifier, user.id)
    }
  }

  /// The identifier of the last account that signed in here.
  /// - Throws: `.unavailable(.storage(_:))` or `.refused(.updateRequired)`.
  package func lastSignedInIdentifier() throws(AuthFailure) -> String? {
    let row = try read { database throws(DatabaseError) in
      try database.queryOne("SELECT identifier FROM last_sign_in WHERE id = 1")
    }
    return row?["identifier"]
  }

  /// The accounts that have signed in here, most recent first.
  /// - Throws: `.unavailable(.storage(_:))` or `.refused(.updateRequired)`.
  package func accounts() throws(AuthFailure) -> [User] {
    try read { database throws(DatabaseError) in
      // Read through a cursor: one `User` per row, without a `[Row]` first.
      try database.withCursor(
        """
        SELECT user_id, identifier, email, name, type FROM account
        ORDER BY last_signed_in_at DESC
        """
      ) { cursor throws(DatabaseError) in
        var users: [User] = []
        while try cursor.next() {
          guard let id: String = try? cursor.get("user_id"),
            let identifier: String = try? cursor.get("identifier"),
            let typeName: String = try? cursor.get("type"),
            let type = UserType(rawValue: typeName)
          else { continue }
          let email: String? = try? cursor.get("email")
          users.append(
            User(
              id: id, identifier: identifier, email: email, name: try? cursor.get("name"),
              type: type))
        }
        return users
      }
    }
  }

  /// The open database of one user, shared by every caller of this directory.
  /// - Throws: `.refused(.unknownAccount)`, `.refused(.updateRequired)`,
  ///   `.unavailable(.storage(_:))`.
  package func userDatabase(for userID: String) throws(AuthFailure) -> Database {
    let row = try read { database throws(DatabaseError) in
      try database.queryOne("SELECT database_file FROM account WHERE user_id = ?", userID)
    }
    guard let fileName: String = row?["database_file"] else {
      throw .refused(.unknownAccount)
    }
    let path = userDatabasesFolder.appendingPathComponent(fileName, isDirectory: false).path
    return try open.withLock { (open) throws(AuthFailure) -> Database in
      if let database = open.users[userID] { return database }
      let opened = try Self.openUserDatabase(at: path)
      open.users[userID] = opened
      return opened
    }
  }

  // MARK: - Opening

  private func read<R>(
    _ body: (Database) throws(DatabaseError) -> R
  ) throws(AuthFailure) -> R {
    let database = try openDatabase()
    do {
      return try body(database)
    } catch {
      throw Self.failed(error.message)
    }
  }

  /// Runs `rows`, then `persist`, in one transaction: when `persist` fails, the rows are
  /// rolled back and its failure is thrown as it is.
  private func write(
    persist: () throws(AuthFailure) -> Void,
    _ rows: (Connection) throws(DatabaseError) -> Void
  ) throws(AuthFailure) {
    let database = try openDatabase()
    var persistFailure: AuthFailure?
    do {
      try database.transaction { connection in
        try rows(connection)
        do throws(AuthFailure) {
          try persist()
        } catch {
          persistFailure = error
          throw error
        }
      }
    } catch {
      if let persistFailure { throw persistFailure }
      throw Self.failed((error as? DatabaseError)?.message ?? "\(error)")
    }
  }

  /// The failure of the account database, with what went wrong, for a log.
  private static func failed(_ detail: String) -> AuthFailure {
    .unavailable(.storage("the account database failed: \(detail)"))
  }

  private func openDatabase() throws(AuthFailure) -> Database {
    try open.withLock { (open) throws(AuthFailure) -> Database in
      if let database = open.accounts { return database }
      let opened = try openAccountDatabase()
      open.accounts = opened
      return opened
    }
  }

  /// Opens and migrates the account database, moving aside a file that is not one.
  /// Call with `open` locked, so two callers never open it twice.
  private func openAccountDatabase() throws(AuthFailure) -> Database {
    do {
      do {
        return try Self.openAndMigrate(at: databaseURL)
      } catch where error.kind == .notADatabase {
        try Self.moveAside(databaseURL, at: now())
        return try Self.openAndMigrate(at: databaseURL)
      }
    } catch where error.kind == .schemaTooNew {
      throw .refused(.updateRequired)
    } catch {
      throw Self.failed(error.message)
    }
  }

  private static func openUserDatabase(at path: String) throws(AuthFailure) -> Database {
    do {
      return try Database(path: path)
    } catch {
      throw .unavailable(.storage("the user's database could not be opened: \(error.message)"))
    }
  }

  private static func openAndMigrate(at url: URL) throws(DatabaseError) -> Database {
    let opened = try Database(path: url.path)
    _ = try opened.migrate(migrations)
    return opened
  }

  /// A file name for a user's database: readable for the API's ids (`usr_…`), a random one
  /// for any id that could not be a safe file name.
  private static func databaseFileName(for userID: String) -> String {
    let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-".utf8)
    let safe = (1...64).contains(userID.utf8.count) && userID.utf8.allSatisfy(allowed.contains)
    return "user-" + (safe ? userID : UUID().uuidString) + ".sqlite"
  }

  private static let migrations = [
    Migration(
      "create account and last_sign_in",
      sql: """
        CREATE TABLE account (
          user_id TEXT PRIMARY KEY NOT NULL,
          email TEXT NOT NULL,
          name TEXT,
          type TEXT NOT NULL,
          database_file TEXT NOT NULL UNIQUE,
          first_signed_in_at REAL NOT NULL,
          last_signed_in_at REAL NOT NULL
        );
        CREATE TABLE last_sign_in (
          id INTEGER PRIMARY KEY CHECK (id = 1),
          email TEXT NOT NULL,
          user_id TEXT NOT NULL REFERENCES account (user_id)
        );
        """),
    // The identifier is whatever the app's rule makes it; the person's email is kept apart.
    Migration(
      "identifier apart from email",
      sql: """
        ALTER TABLE account RENAME COLUMN email TO identifier;
        ALTER TABLE account ADD COLUMN email TEXT;
        UPDATE account SET email = identifier WHERE identifier LIKE '%@%';
        ALTER TABLE last_sign_in RENAME COLUMN email TO identifier;
        """),
  ]
}
