/// One named step of a database's schema history, applied once, in its own transaction.
///
/// ```swift
/// let migrations = [
///   Migration("create users", sql: "CREATE TABLE users (id TEXT PRIMARY KEY, email TEXT)"),
///   Migration("index emails") { conn in
///     try conn.execute("CREATE UNIQUE INDEX users_email ON users (email)")
///   },
/// ]
/// try db.migrate(migrations)
/// ```
///
/// Steps are identified by position: the database's version is the number of steps applied.
/// Only ever append steps; never reorder, remove or change a released one.
public struct Migration: Sendable {
  /// The step's name, for error messages.
  public let name: String
  let apply: @Sendable (Connection) throws -> Void

  /// Makes a step that runs Swift code.
  /// - Parameters:
  ///   - name: The step's name, for error messages.
  ///   - apply: The work; it runs inside the step's transaction.
  public init(_ name: String, _ apply: @escaping @Sendable (Connection) throws -> Void) {
    self.name = name
    self.apply = apply
  }

  /// Makes a step that runs an SQL script (one or more statements).
  /// - Parameters:
  ///   - name: The step's name, for error messages.
  ///   - sql: The statements, separated by semicolons.
  public init(_ name: String, sql: String) {
    self.init(name) { connection in try connection.executeScript(sql) }
  }
}
