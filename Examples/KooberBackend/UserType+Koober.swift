import KooberWire
import UserModel

extension UserType {
  /// The user types Koober serves, in the order its screens list them: the only ones its
  /// server accepts at sign-up and its command line takes.
  public static let kooberTypes: [UserType] = [.passenger, .driver]
}
