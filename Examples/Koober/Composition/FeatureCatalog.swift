import LoginLogicControl

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
    case .fareEstimate: "Estimate a fare"
    case .requestRide: "Request a ride"
    case .myRides: "My rides"
    case .profile: "Your profile"
    default: feature.title.prefix(1).uppercased() + feature.title.dropFirst()
    }
  }

  /// What a guest is told next to a feature in the menu, if anything.
  static func guestNote(_ feature: AppFeature) -> String? {
    switch feature.requirement {
    case .guestsWelcome: nil
    case .accountNeeded: "needs an account"
    case .onlyFor(let types):
      "needs a " + types.map(\.rawValue).sorted().joined(separator: " or ") + " account"
    }
  }
}
