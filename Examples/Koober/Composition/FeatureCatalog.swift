import LoginLogicControl

/// The features this build of the host shows in its menus, in order, with their labels.
///
/// The guest gate (`AppFeature.requirement`) decides who may open each; this list decides
/// which exist here at all. The ride features (fare estimate, request a ride, my rides) join
/// the list when their screens do, with a case in `Navigator.featureScreen(_:for:)`.
enum FeatureCatalog {
  /// The features shown, in menu order.
  static let shown: [AppFeature] = [.profile]

  /// The menu label of a feature.
  static func menuTitle(_ feature: AppFeature) -> String {
    switch feature {
    case .fareEstimate: "Estimate a fare"
    case .requestRide: "Request a ride"
    case .myRides: "My rides"
    case .profile: "Your profile"
    }
  }

  /// What a guest is told next to a feature in the menu, if anything.
  static func guestNote(_ feature: AppFeature) -> String? {
    switch feature.requirement {
    case .guestsWelcome: nil
    case .accountNeeded: "needs an account"
    case .onlyFor(let type): "needs a \(type.rawValue) account"
    }
  }
}
