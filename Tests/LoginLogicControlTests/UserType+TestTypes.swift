import UserModel

/// The test app's user types: an app of no particular kind, whose admins sign in with a
/// second step.
extension UserType {
  static let member = UserType("member")
  static let admin = UserType("admin")
}
