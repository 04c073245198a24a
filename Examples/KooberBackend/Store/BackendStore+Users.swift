import DatabaseClient
import Foundation
import UserModel

extension BackendStore {
  /// A user together with the stored hash of their password.
  struct Account: Sendable {
    var user: User
    var password: PasswordHash
  }

  static let userColumns = "id, email, name, type"

  /// Creates an account and signs it in: the user row and a new token family, together.
  /// - Parameters:
  ///   - credentials: validated credentials: email normalized, name trimmed.
  ///   - password: the password's hash, made outside the transaction.
  /// - Returns: the new user's session.
  /// - Throws: `409 email_taken` when the email has an account, or `500`.
  func createAccount(
    _ credentials: SignUpCredentials, password: PasswordHash
  ) throws(APIError) -> IssuedSession {
    let user = User(
      id: try Identifiers.user(), identifier: credentials.identifier,
      email: credentials.identifier, name: credentials.name,
      type: credentials.type)
    let now = self.now
    let session = try write { connection in
      let taken = try connection.queryOne("SELECT 1 FROM users WHERE email = ?", user.identifier)
      guard taken == nil else {
        throw APIError(
          status: 409, code: "email_taken", message: "An account with this email already exists.")
      }
      try connection.execute(
        """
        INSERT INTO users (id, email, name, type, password_hash, password_salt,
          password_iterations, created_at)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?)
        """,
        user.id, user.identifier, user.name, user.type.rawValue, Data(password.key),
        Data(password.salt),
        password.iterations, now)
      return try startFamily(for: user, in: connection)
    }
    countStoredHash(iterations: password.iterations, by: 1)
    return session
  }

  /// The account for an email.
  /// - Parameter email: a normalized email.
  /// - Returns: the account, or nil when there is none.
  /// - Throws: `500` when the database fails.
  func account(email: String) throws(APIError) -> Account? {
    let row = try read { database throws(DatabaseError) in
      try database.queryOne(
        """
        SELECT \(Self.userColumns), password_hash, password_salt, password_iterations
        FROM users WHERE email = ?
        """,
        email)
    }
    guard let row, let user = Self.user(from: row),
      let key = row["password_hash"] as Data?, let salt = row["password_salt"] as Data?,
      let iterations = row["password_iterations"] as Int?
    else { return nil }
    return Account(
      user: user,
      password: PasswordHash(key: Array(key), salt: Array(salt), iterations: iterations))
  }

  /// Signs a user in with a new token family.
  /// - Parameter user: the user whose password was right.
  /// - Returns: the session.
  /// - Throws: `500` when the database fails.
  func signIn(_ user: User) throws(APIError) -> IssuedSession {
    try write { connection in try startFamily(for: user, in: connection) }
  }

  /// Changes a user's display name.
  /// - Parameters:
  ///   - id: the user's id.
  ///   - name: the validated, trimmed name; nil clears it.
  /// - Returns: the updated user.
  /// - Throws: `401 invalid_token` when the user no longer exists, or `500`.
  func updateName(userID id: String, to name: String?) throws(APIError) -> User {
    try write { connection in
      try connection.execute("UPDATE users SET name = ? WHERE id = ?", name, id)
      guard
        let row = try connection.queryOne(
          "SELECT \(Self.userColumns) FROM users WHERE id = ?", id),
        let user = Self.user(from: row)
      else { throw APIError.invalidToken }
      return user
    }
  }

  /// Reads a user from a row that has the `userColumns`.
  /// - Parameter row: the row.
  /// - Returns: the user, or nil when the row does not hold one.
  static func user(from row: Row) -> User? {
    guard let id = row["id"] as String?, let email = row["email"] as String?,
      let typeName = row["type"] as String?, let type = UserType(rawValue: typeName)
    else { return nil }
    return User(
      id: id, identifier: email, email: email, name: row["name"] as String?, type: type)
  }
}
