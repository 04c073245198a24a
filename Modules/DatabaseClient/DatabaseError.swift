/// A failure of the database layer: an SQLite error, a refused file, a failed migration, or a
/// row that does not fit the Swift type it was read into.
///
/// It carries SQLite's result codes, SQLite's message and the SQL text, and never the bound
/// argument values, which can be secrets (passwords hashes, tokens, personal data).
///
/// ```swift
/// do {
///   try db.execute("INSERT INTO users (email) VALUES (?)", email)
/// } catch let error as DatabaseError where error.kind == .constraintViolation {
///   // the email is taken
/// }
/// ```
public struct DatabaseError: Error, Sendable, Equatable, CustomStringConvertible {
  /// What went wrong, coarse enough for a program to switch on.
  public enum Kind: String, Sendable, Equatable, CaseIterable {
    /// The file or its folder could not be opened, created or written (`SQLITE_CANTOPEN`,
    /// `SQLITE_PERM`, `SQLITE_READONLY`).
    case cannotOpen = "cannot_open"
    /// The file is not an SQLite database, or it is corrupt (`SQLITE_NOTADB`,
    /// `SQLITE_CORRUPT`). A cache can be moved aside and rebuilt; nothing was written to it.
    case notADatabase = "not_a_database"
    /// A `UNIQUE`, `FOREIGN KEY`, `NOT NULL`, `CHECK` or `PRIMARY KEY` constraint refused a
    /// change (`SQLITE_CONSTRAINT`).
    case constraintViolation = "constraint_violation"
    /// Another connection held a lock past the busy timeout (`SQLITE_BUSY`, `SQLITE_LOCKED`).
    case busy = "busy"
    /// The file was migrated by a newer version of the code than this one; it is left as is.
    case schemaTooNew = "schema_too_new"
    /// A migration step failed; the database stays at the version before that step.
    case migrationFailed = "migration_failed"
    /// A value could not be bound, or a column is missing, `NULL` or of another type than the
    /// Swift type asked for.
    case conversionFailed = "conversion_failed"
    /// The API was used in a way SQLite or this module does not allow, such as two statements
    /// in one `execute` call or the wrong number of arguments.
    case misuse = "misuse"
    /// Any other SQLite failure: a syntax error, an I/O error, a full disk, ….
    case sqlite = "sqlite_error"
  }

  /// What went wrong.
  public let kind: Kind
  /// A human-readable explanation (SQLite's own message for SQLite failures).
  public let message: String
  /// SQLite's primary result code (`SQLITE_CONSTRAINT` is 19, …), or 0 when SQLite did not
  /// report the failure.
  public let resultCode: Int32
  /// SQLite's extended result code (`SQLITE_CONSTRAINT_UNIQUE` is 2067, …), or 0.
  public let extendedResultCode: Int32
  /// The SQL text being run, when there was one. Bound values are never part of it.
  public let sql: String?

  /// The stable, snake_case identifier of ``kind``, e.g. `"not_a_database"`.
  public var code: String { kind.rawValue }

  /// Makes an error.
  /// - Parameters:
  ///   - kind: What went wrong.
  ///   - message: A human-readable explanation.
  ///   - resultCode: SQLite's primary result code, or 0.
  ///   - extendedResultCode: SQLite's extended result code, or 0.
  ///   - sql: The SQL being run, if any.
  public init(
    kind: Kind, message: String, resultCode: Int32 = 0, extendedResultCode: Int32 = 0,
    sql: String? = nil
  ) {
    self.kind = kind
    self.message = message
    self.resultCode = resultCode
    self.extendedResultCode = extendedResultCode
    self.sql = sql
  }

  /// One line naming the code, the message, SQLite's codes and the SQL.
  public var description: String {
    var text = "DatabaseError.\(code): \(message)"
    if extendedResultCode != 0 || resultCode != 0 {
      text += " (SQLite \(resultCode)/\(extendedResultCode))"
    }
    if let sql { text += " in `\(sql)`" }
    return text
  }
}
