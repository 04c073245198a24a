import Localization
import LoginLogicControl

/// Koober's ride features as the tests know them: LoginLogicControl ships only `.profile`;
/// an app declares its own features like these (the `koober` host does so in its
/// FeatureCatalog, with titles from its tables).
extension AppFeature {
  /// Guests welcome.
  static let fareEstimate = AppFeature("fareEstimate", requirement: .guestsWelcome) {
    Texts.language == .simplifiedChinese ? "估算车费" : "estimating a fare"
  }
  /// Members only.
  static let requestRide = AppFeature("requestRide", requirement: .onlyFor([.member])) {
    Texts.language == .simplifiedChinese ? "叫车" : "requesting a ride"
  }
  /// Any account.
  static let myRides = AppFeature("myRides", requirement: .accountNeeded) {
    Texts.language == .simplifiedChinese ? "我的行程" : "your rides"
  }
  /// The four features the tests' tables cover.
  static let testedFeatures: [AppFeature] = [.fareEstimate, .requestRide, .myRides, .profile]
}
