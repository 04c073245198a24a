import UserModel

/// The test provider's user types (Tests/OIDCProvider seeds them in its type claim): words of
/// the provider's, not types the package declares.
extension UserType {
  static let passenger = UserType("passenger")
  static let driver = UserType("driver")
}
