import LoginCore
import UserModel

/// A feature of the app that a person may open, signed in or browsing as a guest: an open
/// set, like `UserType`. Koober's four are static constants; an app declares its own, each
/// with who may use it.
///
/// ```swift
/// extension AppFeature {
///   static let dispatchBoard = AppFeature(
///     "dispatchBoard", title: "the dispatch board", requirement: .onlyFor([.dispatcher]))
/// }
/// ```
public struct AppFeature: Sendable, Hashable, CaseIterable {
  /// Estimate a fare between two places.
  public static let fareEstimate = AppFeature(
    "fareEstimate", title: "estimating a fare", requirement: .guestsWelcome)
  /// Request a ride.
  public static let requestRide = AppFeature(
    "requestRide", title: "requesting a ride", requirement: .onlyFor([.passenger]))
  /// The list of one's rides.
  public static let myRides = AppFeature(
    "myRides", title: "your rides", requirement: .accountNeeded)
  /// One's own profile.
  public static let profile = AppFeature(
    "profile", title: "your profile", requirement: .accountNeeded)

  /// Koober's four features; an app's own are values of the same type.
  public static let allCases: [AppFeature] = [.fareEstimate, .requestRide, .myRides, .profile]

  /// A stable name for logs and programs, e.g. `requestRide`.
  public let id: String
  /// The feature's name as a sentence uses it, e.g. "requesting a ride".
  public let title: String
  /// Who may open the feature: its row of the guest-gating table.
  public let requirement: FeatureRequirement

  /// Declares a feature.
  /// - Parameters:
  ///   - id: A stable name for logs and programs.
  ///   - title: The name as a sentence uses it, e.g. "the dispatch board".
  ///   - requirement: Who may open it.
  public init(_ id: String, title: String, requirement: FeatureRequirement) {
    self.id = id
    self.title = title
    self.requirement = requirement
  }

  /// The same as `id`.
  public var rawValue: String { id }

  /// Tells whether an account of `type` may use the feature.
  /// - Parameter type: The signed-in user's type.
  /// - Returns: `false` only for a feature reserved to other types.
  public func isAvailable(to type: UserType) -> Bool {
    switch requirement {
    case .guestsWelcome, .accountNeeded: true
    case .onlyFor(let allowed): allowed.contains(type)
    }
  }

  /// "Requesting a ride is not available to drivers": the start of both refusal messages.
  func notAvailableClause(to type: UserType) -> String {
    title.prefix(1).uppercased() + title.dropFirst() + " is not available to \(type.rawValue)s"
  }
}
