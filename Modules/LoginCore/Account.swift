import Foundation
import UserModel

/// One signed-in account on this device, as `LoginServicing.accounts()` lists it: a service
/// keeps every account signed in at its server identity, one of them active.
///
/// ```swift
/// for account in await service.accounts() {
///   print(account.isActive ? "*" : " ", account.identifier, account.type.rawValue)
/// }
/// ```
public struct Account: Sendable, Hashable {
  /// The account's user, as last recorded.
  public var user: User
  /// When the account was last the active one (signed in or switched to), when known.
  public var lastActive: Date?
  /// Whether it is the active account: the one requests are made for.
  public var isActive: Bool

  /// Creates an account row.
  /// - Parameters:
  ///   - user: The account's user.
  ///   - lastActive: When it was last active, or `nil` when unknown.
  ///   - isActive: Whether it is the active account.
  public init(user: User, lastActive: Date?, isActive: Bool) {
    self.user = user
    self.lastActive = lastActive
    self.isActive = isActive
  }

  /// What the person signs in with (the user's identifier).
  public var identifier: String { user.identifier }

  /// The user type, which decides the home the account lands on.
  public var type: UserType { user.type }
}

/// Which stored session belongs to which account: the server's id for the user at one
/// server identity (`UserSession.issuer`). Two identities sharing a store never share a key.
public struct AccountKey: Sendable, Hashable, Codable {
  /// The server's id for the user (`User.id`).
  public var userID: String
  /// The server identity that issued the session, or `nil` when the adapter names none.
  public var issuer: String?

  /// Creates a key from its parts.
  /// - Parameters:
  ///   - userID: The server's id for the user.
  ///   - issuer: The server identity, or `nil`.
  public init(userID: String, issuer: String?) {
    self.userID = userID
    self.issuer = issuer
  }

  /// The key of `session`'s account.
  /// - Parameter session: A session.
  public init(_ session: UserSession) {
    self.init(userID: session.user.id, issuer: session.issuer)
  }
}
