/// Why the backend could not start.
public struct KooberBackendError: Error, Sendable, Equatable, CustomStringConvertible {
  /// A stable identifier: `cannot_open_database` or `cannot_listen`.
  public let code: String
  /// What went wrong, for a person.
  public let message: String

  /// The database file could not be opened, created or migrated.
  /// - Parameter detail: the underlying reason.
  /// - Returns: the error.
  public static func cannotOpenDatabase(_ detail: String) -> KooberBackendError {
    KooberBackendError(
      code: "cannot_open_database", message: "The backend cannot open its database: \(detail)")
  }

  /// The server could not listen on the address asked for.
  /// - Parameter detail: the underlying reason, e.g. the port is taken.
  /// - Returns: the error.
  public static func cannotListen(_ detail: String) -> KooberBackendError {
    KooberBackendError(code: "cannot_listen", message: "The backend cannot listen: \(detail)")
  }

  /// `code: message`.
  public var description: String { "\(code): \(message)" }
}
