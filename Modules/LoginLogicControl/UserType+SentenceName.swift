import Localization
import UserModel

extension UserType {
  /// The type as LoginLogicControl's sentences name one account of it ("your driver home"):
  /// Koober's two by their `displayName`, an app's own from `userType.appOwn` (the raw value;
  /// quoted in Chinese).
  var sentenceName: String {
    switch self {
    case .passenger, .driver: displayName
    default: TextTable.loginLogicControl.text("userType.appOwn", ["type": rawValue])
    }
  }

  /// The type as the sentences name its accounts in general ("not available to drivers"):
  /// Koober's two from the table, an app's own from `userType.appOwn.plural` (in English the
  /// raw value and an "s").
  var pluralSentenceName: String {
    switch self {
    case .passenger: TextTable.loginLogicControl.text("userType.passenger.plural")
    case .driver: TextTable.loginLogicControl.text("userType.driver.plural")
    default: TextTable.loginLogicControl.text("userType.appOwn.plural", ["type": rawValue])
    }
  }
}
