// The app's own user types, which examples name (`.member`, `.admin`) as an app declares
// them: UserModel holds the open set only. DocExampleTests leaves this file out for
// examples that declare them themselves (UserType's own).
import LoginStack

extension UserType {
  /// The app's usual user type.
  static let member = UserType("member")
  /// The app's other user type.
  static let admin = UserType("admin")
}
