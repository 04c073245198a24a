import Localization
import UserModel

extension UserType {
  /// The type as LoginLogicControl's sentences name one account of it ("your admin home"):
  /// the app's name for it (`UserType.displayName` from the app's tables), or else the raw
  /// value in the `userType.appOwn` form (quoted in Chinese).
  var sentenceName: String {
    appName ?? TextTable.loginLogicControl.text("userType.appOwn", ["type": rawValue])
  }

  /// The type as the sentences name its accounts in general ("not available to admins"):
  /// the app's plural (`userType.<raw value>.plural` in its UserModel.strings), or else the
  /// raw value in the `userType.appOwn.plural` form (in English with an "s").
  var pluralSentenceName: String {
    appPluralName
      ?? TextTable.loginLogicControl.text("userType.appOwn.plural", ["type": rawValue])
  }
}
