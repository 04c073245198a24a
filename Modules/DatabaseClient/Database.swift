import Foundation
import WireFormat

/// An SQLite database: one file (or memory), one connection, safe to share between tasks.
///
/// Concurrency model: the database owns exactly one SQLite connection, and every operation
/// takes a lock around it, so calls from many tasks or threads run one after another, each
/// whole. A call blocks its thread while an earlier one finishes; keep transactions short.
/// The lock is recursive: code inside a ``DatabaseExecutor/transaction(_:)`` or
/// ``withConnection(_:)`` closure, inside a cursor's loop, or in a value's `databaseValue`
/// may call this database again on the same thread, with any SQL, and joins the work in
/// progress (a nested transaction becomes a savepoint). Each statement in use belongs to its
/// use alone until that use ends, so nested calls never disturb one another.
///
/// Every connection is opened with WAL journaling, `synchronous = NORMAL` (a commit survives
/// the process being killed; the last commits can be lost only on power loss or an OS crash),
/// foreign keys enforced, and a busy timeout for other processes using the same file.
///
/// Files are private: a new database file is 0600 and so are its `-wal` and `-shm` files,
/// new folders are 0700, and no file is opened through a symbolic link (see
/// ``init(path:busyTimeout:)``).
///
/// ```swift
/// let db = try Database(path: folder.appendingPathComponent("app.sqlite").path)
/// try db.migrate([
///   Migration("create notes", sql: "CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT)")
/// ])
/// try db.execute("INSERT INTO notes (body) VALUES (?)", "hello")
/// let bodies = try db.query("SELECT body FROM notes").compactMap { $0["body"] as String? }
/// ```
public final class Database: Sendable {
  /// The file's path, or `":memory:"`.
  public let path: String
  // Unchecked: the connection is reached only inside `withConnection`, under the lock, and
  // `Connection` is not Sendable, so a closure cannot carry it out to another task.
  private let connection: UncheckedLocked<Connection>

  /// Opens the database at `path`, creating the file and its parent folders if missing.
  ///
  /// What it creates is private whatever the umask: missing folders 0700, the file 0600
  /// (before SQLite opens it, so SQLite gives its `-wal`, `-shm` and `-journal` files the same
  /// mode). Existing ones must be the user's and are made private before SQLite opens them:
  /// the folder 0700 when others can write it, the file and its companions 0600; one that
  /// belongs to another user, or a folder above it that others could swap, is refused
  /// (`.cannotOpen`, naming it). The file and its companions are
  /// opened without following a symbolic link: a link, FIFO or folder found at one of those
  /// paths is renamed `<name>.moved-aside-<UTC time>` beside it (with the database's other
  /// files, when it is the database's own path), never written through, and a fresh file is
  /// made. A link in a parent folder's path is followed: that path is the caller's choice.
  /// - Parameters:
  ///   - path: A file path; `":memory:"` opens a private in-memory database.
  ///   - busyTimeout: How long to wait for another process's lock before failing `.busy`.
  /// - Throws: ``DatabaseError`` `.notADatabase` when the file exists but is not an SQLite
  ///   database or is corrupt (the file is left untouched); `.cannotOpen` when it or its
  ///   folder cannot be opened or created, what is in its way cannot be moved aside, or one
  ///   of them belongs to another user.
  public init(path: String, busyTimeout: Duration = .seconds(5)) throws(DatabaseError) {
    let opened = path == ":memory:" ? path : try Self.preparePrivateFile(at: path)
    self.path = path
    // Recursive, so that a closure already holding the lock (inside `transaction`) can call
    // back into the same `Database` on the same thread and join the work in progress.
    self.connection = UncheckedLocked(
      try Connection(path: opened, onDisk: opened != ":memory:", busyTimeout: busyTimeout),
      kind: .recursive)
  }

  /// Opens the database at a file URL, creating the file and its parent folders if missing.
  /// - Parameters:
  ///   - url: A `file:` URL.
  ///   - busyTimeout: How long to wait for another process's lock before failing `.busy`.
  /// - Throws: ``DatabaseError`` as ``init(path:busyTimeout:)`` does.
  public convenience init(url: URL, busyTimeout: Duration = .seconds(5)) throws(DatabaseError) {
    try self.init(path: url.path, busyTimeout: busyTimeout)
  }

  /// Opens a new, empty, private in-memory database, gone when released.
  /// - Returns: The database.
  /// - Throws: ``DatabaseError`` when SQLite cannot allocate it.
  public static func inMemory() throws(DatabaseError) -> Database {
    try Database(path: ":memory:")
  }
}

extension Database: DatabaseExecutor {
  /// Runs `body` with exclusive use of the connection, for several statements in a row or the
  /// ``Connection/prepare(_:)`` fast path, without opening a transaction.
  /// - Parameter body: The work; it must not keep the connection after returning.
  /// - Returns: What `body` returns.
  /// - Throws: What `body` throws.
  @discardableResult
  public func withConnection<R, E: Error>(_ body: (Connection) throws(E) -> R) throws(E) -> R {
    try connection.withLockedValue { connection throws(E) in try body(connection) }
  }
}
