import Foundation

/// One result row, read out of SQLite into Swift values: safe to keep, pass around and send
/// across tasks after the query returned.
///
/// Read columns by index (from 0) or by name (as the query spells it; names are compared
/// exactly first, then ignoring ASCII case, as SQLite does):
///
/// ```swift
/// let row = try db.queryOne("SELECT id, email, name FROM users WHERE id = ?", id)
/// let email = row?["email"] as String?        // nil when missing, NULL or not text
/// let name: String? = try row?.get("name")     // throws when missing or not text
/// let user = try row?.decode(User.self)        // by the type's coding keys
/// ```
public struct Row: Sendable {
  /// The number of columns.
  public let count: Int
  /// Where the names and values live: the row's own, or its query's, which `query` fills for
  /// all its rows at once so a row costs no allocation and holds one reference. A row kept
  /// from a query keeps that query's values alive.
  private let storage: SharedValues
  /// Where this row's values start in `storage`.
  private let start: Int

  /// Makes a row; normally the query functions make rows.
  /// - Parameters:
  ///   - columnNames: The column names, in order.
  ///   - values: One value per column.
  public init(columnNames: [String], values: [DatabaseValue]) {
    self.count = values.count
    self.storage = SharedValues(columnNames: columnNames, values: values)
    self.start = 0
  }

  /// A row whose values are `count` values of a query's shared array, from `start`.
  init(shared: SharedValues, start: Int, count: Int) {
    self.count = count
    self.storage = shared
    self.start = start
  }

  /// The column names, in order.
  public var columnNames: [String] { storage.columnNames }

  /// The values, in column order.
  public var values: [DatabaseValue] {
    start == 0 && count == storage.values.count
      ? storage.values : Array(storage.values[start..<(start + count)])
  }

  /// The value of a valid column, without checking.
  func stored(at index: Int) -> DatabaseValue {
    storage.values[start + index]
  }

  /// The index of the column called `name`, if there is one.
  /// - Parameter name: A column name; compared exactly first, then ignoring ASCII case.
  /// - Returns: The first matching index, or `nil`.
  public func index(of name: String) -> Int? {
    let names = storage.columnNames
    // Names of the same length first: comparing lengths is not a call, where comparing two
    // different strings is. Then any equal name (a composed and a decomposed accent are equal
    // with different lengths): the first such column, unless a query names two columns alike
    // but for their accents' composition.
    let length = name.utf8.count
    if let exact = names.firstIndex(where: { $0.utf8.count == length && $0 == name }) {
      return exact
    }
    if let equal = names.firstIndex(of: name) { return equal }
    let lowered = name.lowercased()
    return names.firstIndex { $0.lowercased() == lowered }
  }

  /// The stored value at `index`, or `nil` when there is no such column.
  /// - Parameter index: The column, from 0.
  /// - Returns: The value as SQLite stored it.
  public func value(at index: Int) -> DatabaseValue? {
    index >= 0 && index < count ? stored(at: index) : nil
  }

  /// The stored value of the column called `name`, or `nil` when there is no such column.
  /// - Parameter name: A column name.
  /// - Returns: The value as SQLite stored it.
  public func value(named name: String) -> DatabaseValue? {
    guard let index = index(of: name) else { return nil }
    return stored(at: index)
  }

  /// The column at `index` as a `T`, or `nil` when the column is missing, `NULL`, or holds
  /// something that is not a `T`. Use ``get(_:as:)-(Int,_)`` to tell those cases apart.
  /// - Parameter index: The column, from 0.
  @inlinable
  public subscript<T: DatabaseValueConvertible>(index: Int) -> T? {
    value(at: index).flatMap { T(databaseValue: $0) }
  }

  /// The column called `name` as a `T`, or `nil` when the column is missing, `NULL`, or holds
  /// something that is not a `T`.
  /// - Parameter name: A column name.
  @inlinable
  public subscript<T: DatabaseValueConvertible>(name: String) -> T? {
    value(named: name).flatMap { T(databaseValue: $0) }
  }

  /// The column at `index` as a `T`, strictly.
  /// - Parameters:
  ///   - index: The column, from 0.
  ///   - type: The Swift type; an `Optional` type accepts `NULL`.
  /// - Returns: The value.
  /// - Throws: ``DatabaseError`` `.conversionFailed` when the column is missing or holds
  ///   something that is not a `T` (`NULL` for a non-optional `T`).
  @inlinable
  public func get<T: DatabaseValueConvertible>(
    _ index: Int, as type: T.Type = T.self
  ) throws(DatabaseError) -> T {
    try convert(value(at: index), column: "\(index)")
  }

  /// The column called `name` as a `T`, strictly.
  /// - Parameters:
  ///   - name: A column name.
  ///   - type: The Swift type; an `Optional` type accepts `NULL`.
  /// - Returns: The value.
  /// - Throws: ``DatabaseError`` `.conversionFailed` when the column is missing or holds
  ///   something that is not a `T` (`NULL` for a non-optional `T`).
  @inlinable
  public func get<T: DatabaseValueConvertible>(
    _ name: String, as type: T.Type = T.self
  ) throws(DatabaseError) -> T {
    try convert(value(named: name), column: name)
  }

  // Inlinable with its callers, so the caller's module specializes the conversion for `T`.
  @inlinable
  func convert<T: DatabaseValueConvertible>(
    _ stored: DatabaseValue?, column: String
  ) throws(DatabaseError) -> T {
    guard let stored else {
      throw DatabaseError(kind: .conversionFailed, message: "no column \(column) in the row")
    }
    guard let converted = T(databaseValue: stored) else {
      throw .conversion(column: column, stored: stored, wanted: T.self, sql: nil)
    }
    return converted
  }
}

extension DatabaseError {
  /// The error for a stored value that does not read as the Swift type asked for. Names the
  /// storage class only, never the value, which can be a secret.
  @usableFromInline
  static func conversion(
    column: String, stored: DatabaseValue, wanted: Any.Type, sql: String?
  ) -> DatabaseError {
    DatabaseError(
      kind: .conversionFailed,
      message: "column \(column) \(stored.mismatchDescription(wanted))", sql: sql)
  }
}

extension DatabaseValue {
  /// "holds TEXT, which does not read as Int": the storage class, never the value.
  func mismatchDescription(_ wanted: Any.Type) -> String {
    let storage: String
    switch self {
    case .null: storage = "NULL"
    case .integer: storage = "an INTEGER"
    case .real: storage = "a REAL"
    case .text: storage = "TEXT"
    case .blob: storage = "a BLOB"
    }
    return "holds \(storage), which does not read as \(wanted)"
  }
}

extension Row: Equatable {
  /// Rows are equal when their column names and values are, wherever the values live.
  /// - Parameters:
  ///   - lhs: A row.
  ///   - rhs: Another row.
  /// - Returns: Whether they are equal.
  public static func == (lhs: Row, rhs: Row) -> Bool {
    guard lhs.columnNames == rhs.columnNames, lhs.count == rhs.count else { return false }
    return (0..<lhs.count).allSatisfy { lhs.stored(at: $0) == rhs.stored(at: $0) }
  }
}

/// The column names and the values of all the rows of one query (one array that the rows
/// share), or of one row made on its own.
final class SharedValues: Sendable {
  let columnNames: [String]
  let values: [DatabaseValue]

  init(columnNames: [String], values: [DatabaseValue]) {
    self.columnNames = columnNames
    self.values = values
  }
}
