import Foundation

/// A Swift type that can be bound as an SQL argument and read back from a column.
///
/// Provided for `Int`, `Int64`, `Int32`, `Double`, `Bool`, `String`, `Data`, `Date`,
/// ``DatabaseValue`` and `Optional` of any of them. A `RawRepresentable` type whose raw value
/// conforms gets both requirements for free:
///
/// ```swift
/// enum Role: String, DatabaseValueConvertible { case member, admin }
/// try db.execute("INSERT INTO users (role) VALUES (?)", Role.admin)
/// ```
///
/// Arguments are bound through ``bind(to:at:)``, which by default binds ``databaseValue``.
///
/// Storage formats: `Bool` is the integer 0 or 1; `Date` is the integer number of milliseconds
/// since 1970-01-01T00:00:00Z, rounded to the nearest millisecond (a date too far out for an
/// `Int64` of milliseconds is stored as a `REAL` number of milliseconds).
public protocol DatabaseValueConvertible {
  /// The value as SQLite stores it.
  var databaseValue: DatabaseValue { get }

  /// Reads the value back from what SQLite stored.
  /// - Parameter databaseValue: A column's value.
  /// - Returns: `nil` when the stored value does not represent this type (another storage
  ///   class, `NULL` for a non-optional type, an integer out of range).
  init?(databaseValue: DatabaseValue)

  /// Binds the value, as ``databaseValue`` says SQLite stores it, to the `?` parameter at
  /// `index` of `statement`.
  ///
  /// Every argument is bound through this, in both argument forms. The default binds
  /// ``databaseValue``; `Int64`, `Int`, `Double` and `String` (and `Optional` and
  /// `RawRepresentable` types over them) bind themselves directly, with no ``DatabaseValue``
  /// made on the way. A type of your own needs no implementation of its own.
  /// - Parameters:
  ///   - statement: A statement, bound and run under its database's lock.
  ///   - index: The parameter, from 1.
  /// - Throws: ``DatabaseError`` `.conversionFailed` when SQLite refuses the value (too big),
  ///   `.misuse` for an index the statement does not have.
  func bind(to statement: Statement, at index: Int32) throws(DatabaseError)
}

extension DatabaseValue: DatabaseValueConvertible {
  /// The value itself.
  @inlinable public var databaseValue: DatabaseValue { self }
  /// Any stored value, `NULL` included.
  /// - Parameter databaseValue: A column's value.
  public init?(databaseValue: DatabaseValue) { self = databaseValue }
}

extension Int64: DatabaseValueConvertible {
  /// The value as `.integer`.
  @inlinable public var databaseValue: DatabaseValue { .integer(self) }
  /// Reads an `INTEGER`, or a `REAL` with no fractional part that fits.
  /// - Parameter databaseValue: A column's value.
  public init?(databaseValue: DatabaseValue) {
    switch databaseValue {
    case .integer(let value): self = value
    case .real(let value): guard let exact = Int64(exactly: value) else { return nil }; self = exact
    default: return nil
    }
  }
}

extension Int: DatabaseValueConvertible {
  /// The value as `.integer`.
  @inlinable public var databaseValue: DatabaseValue { .integer(Int64(self)) }
  /// Reads what `Int64` reads, when it fits in `Int`.
  /// - Parameter databaseValue: A column's value.
  public init?(databaseValue: DatabaseValue) {
    guard let value = Int64(databaseValue: databaseValue).flatMap(Int.init(exactly:)) else {
      return nil
    }
    self = value
  }
}

extension Int32: DatabaseValueConvertible {
  /// The value as `.integer`.
  @inlinable public var databaseValue: DatabaseValue { .integer(Int64(self)) }
  /// Reads what `Int64` reads, when it fits in `Int32`.
  /// - Parameter databaseValue: A column's value.
  public init?(databaseValue: DatabaseValue) {
    guard let value = Int64(databaseValue: databaseValue).flatMap(Int32.init(exactly:)) else {
      return nil
    }
    self = value
  }
}

extension Double: DatabaseValueConvertible {
  /// The value as `.real` (SQLite stores NaN as `NULL`).
  @inlinable public var databaseValue: DatabaseValue { .real(self) }
  /// Reads a `REAL` or an `INTEGER`.
  /// - Parameter databaseValue: A column's value.
  public init?(databaseValue: DatabaseValue) {
    switch databaseValue {
    case .real(let value): self = value
    case .integer(let value): self = Double(value)
    default: return nil
    }
  }
}

extension Bool: DatabaseValueConvertible {
  /// The value as `.integer(1)` or `.integer(0)`.
  @inlinable public var databaseValue: DatabaseValue { .integer(self ? 1 : 0) }
  /// Reads an `INTEGER`: 0 is `false`, anything else `true`.
  /// - Parameter databaseValue: A column's value.
  public init?(databaseValue: DatabaseValue) {
    guard case .integer(let value) = databaseValue else { return nil }
    self = value != 0
  }
}

extension String: DatabaseValueConvertible {
  /// The value as `.text`.
  @inlinable public var databaseValue: DatabaseValue { .text(self) }
  /// Reads `TEXT` only.
  /// - Parameter databaseValue: A column's value.
  public init?(databaseValue: DatabaseValue) {
    guard case .text(let value) = databaseValue else { return nil }
    self = value
  }
}

extension Data: DatabaseValueConvertible {
  /// The value as `.blob`.
  @inlinable public var databaseValue: DatabaseValue { .blob(self) }
  /// Reads a `BLOB` only.
  /// - Parameter databaseValue: A column's value.
  public init?(databaseValue: DatabaseValue) {
    guard case .blob(let value) = databaseValue else { return nil }
    self = value
  }
}

extension Date: DatabaseValueConvertible {
  /// Milliseconds since 1970 as `.integer`, rounded to the nearest millisecond; as `.real`
  /// when that does not fit an `Int64`.
  @inlinable public var databaseValue: DatabaseValue {
    let milliseconds = (timeIntervalSince1970 * 1000).rounded()
    if let exact = Int64(exactly: milliseconds) { return .integer(exact) }
    return .real(milliseconds)
  }

  /// Reads milliseconds since 1970 from an `INTEGER` or a `REAL`.
  /// - Parameter databaseValue: A column's value.
  public init?(databaseValue: DatabaseValue) {
    switch databaseValue {
    case .integer(let milliseconds): self.init(timeIntervalSince1970: Double(milliseconds) / 1000)
    case .real(let milliseconds): self.init(timeIntervalSince1970: milliseconds / 1000)
    default: return nil
    }
  }
}

extension Optional: DatabaseValueConvertible where Wrapped: DatabaseValueConvertible {
  /// The wrapped value's, or `.null`.
  @inlinable public var databaseValue: DatabaseValue { self?.databaseValue ?? .null }
  /// `NULL` reads as `.some(nil)`; any other value as the wrapped type reads it.
  /// - Parameter databaseValue: A column's value.
  public init?(databaseValue: DatabaseValue) {
    if case .null = databaseValue {
      self = .none
      return
    }
    guard let value = Wrapped(databaseValue: databaseValue) else { return nil }
    self = .some(value)
  }
}

extension DatabaseValueConvertible
where Self: RawRepresentable, RawValue: DatabaseValueConvertible {
  /// The raw value's.
  @inlinable public var databaseValue: DatabaseValue { rawValue.databaseValue }
  /// Reads the raw value, then the case it names.
  /// - Parameter databaseValue: A column's value.
  public init?(databaseValue: DatabaseValue) {
    guard let raw = RawValue(databaseValue: databaseValue) else { return nil }
    self.init(rawValue: raw)
  }
}
