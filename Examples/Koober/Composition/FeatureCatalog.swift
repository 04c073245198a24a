import KooberWire
import Localization
import LoginLogicControl
import UserModel

/// Koober's ride features: the app's own `AppFeature`s, declared the way any app declares
/// its own, with their titles read from koober's tables in the language of the moment.
extension AppFeature {
  /// Estimate a fare between two places: guests welcome.
  static let fareEstimate = AppFeature("fareEstimate", requirement: .guestsWelcome) {
    TextTable.koober.text("featureTitle.fareEstimate")
  }
  /// Request a ride: passengers only.
  static let requestRide = AppFeature("requestRide", requirement: .onlyFor([.passenger])) {
    TextTable.koober.text("featureTitle.requestRide")
  }
  /// The list of one's rides: any account.
  static let myRides = AppFeature("myRides", requirement: .accountNeeded) {
    TextTable.koober.text("featureTitle.myRides")
  }
}

/// The features this build of the host shows in its menus, in order, with their labels.
///
/// The guest gate (`AppFeature.requirement`) decides who may open each; this list decides
/// which exist here at all, and `Navigator.open(_:user:)` which screen each opens. What is
/// not a gated feature (a passenger's ride status, a driver's queue) is added by the
/// signed-in container's home menu.
enum FeatureCatalog {
  /// The features shown, in menu order.
  static let shown: [AppFeature] = [.fareEstimate, .requestRide, .myRides, .profile]

  /// The menu label of a feature.
  static func menuTitle(_ feature: AppFeature) -> String {
    switch feature {
    case .fareEstimate: TextTable.koober.text("feature.fareEstimate")
    case .requestRide: TextTable.koober.text("feature.requestRide")
    case .myRides: TextTable.koober.text("feature.myRides")
    case .profile: TextTable.koober.text("feature.profile")
    default: feature.title.prefix(1).uppercased() + feature.title.dropFirst()
    }
  }

  /// Account types as the menus name them, in a stable order: `passenger or driver`.
  private static func shownNames(_ types: Set<UserType>) -> String {
    types.sorted { $0.rawValue < $1.rawValue }.map(\.displayName)
      .joined(separator: TextTable.koober.text("feature.or"))
  }

  /// What a guest is told next to a feature in the menu, if anything.
  static func guestNote(_ feature: AppFeature) -> String? {
    switch feature.requirement {
    case .guestsWelcome: nil
    case .accountNeeded: TextTable.koober.text("feature.needsAccount")
    case .onlyFor(let types):
      TextTable.koober.text("feature.needsTypeAccount", ["types": shownNames(types)])
    }
  }
}
