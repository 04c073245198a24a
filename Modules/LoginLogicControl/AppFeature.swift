import LoginCore
import UserModel

/// A feature of the app that a person may open, signed in or browsing as a guest.
public enum AppFeature: String, Sendable, Hashable, CaseIterable {
  /// Estimate a fare between two places.
  case fareEstimate
  /// Request a ride.
  case requestRide
  /// The list of one's rides.
  case myRides
  /// One's own profile.
  case profile

  /// Who may open the feature: the guest-gating table.
  public var requirement: FeatureRequirement {
    switch self {
    case .fareEstimate: .guestsWelcome
    case .requestRide: .onlyFor(.passenger)
    case .myRides, .profile: .accountNeeded
    }
  }

  /// The feature's name as a sentence uses it, e.g. "requesting a ride".
  public var title: String {
    switch self {
    case .fareEstimate: "estimating a fare"
    case .requestRide: "requesting a ride"
    case .myRides: "your rides"
    case .profile: "your profile"
    }
  }

  /// Tells whether an account of `type` may use the feature.
  /// - Parameter type: The signed-in user's type.
  /// - Returns: `false` only for a feature reserved to the other type.
  public func isAvailable(to type: UserType) -> Bool {
    switch requirement {
    case .guestsWelcome, .accountNeeded: true
    case .onlyFor(let allowed): allowed == type
    }
  }

  /// "Requesting a ride is not available to drivers": the start of both refusal messages.
  func notAvailableClause(to type: UserType) -> String {
    title.prefix(1).uppercased() + title.dropFirst() + " is not available to \(type.rawValue)s"
  }
}
