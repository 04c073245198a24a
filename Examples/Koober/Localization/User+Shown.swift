import Localization
import UserModel

extension User {
  /// How koober names a person: `Ann <ann@example.com>`, or the identifier alone when the
  /// account has no name.
  var who: String {
    name.map { "\($0) <\(identifier)>" } ?? identifier
  }
}

extension UserType {
  /// The title of the home screen this type lands on: `Driver home` for drivers,
  /// `Passenger home` for everyone else (koober's two homes).
  var homeTitle: String {
    self == .driver
      ? TextTable.koober.text("home.driverTitle") : TextTable.koober.text("home.passengerTitle")
  }
}
