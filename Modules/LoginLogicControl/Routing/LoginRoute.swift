import Localization
import LoginCore
import UserModel

/// Where a signed-in user goes next, decided by the user's type and the entry point.
///
/// ```swift
/// // with an app's feature `dispatchBoard` for dispatchers only:
/// LoginRoute(signedIn: .member, from: .guestFeature(.dispatchBoard))
/// // .homeInstead(of: .dispatchBoard, home: .member)
/// ```
public enum LoginRoute: Sendable, Hashable {
  /// The home of this user type, as the new root (sign-in began at launch or welcome).
  case homeAsRoot(UserType)
  /// Back to the feature the guest opened.
  case backToFeature(AppFeature)
  /// The home of this user type, with a message: that type cannot use the feature.
  case homeInstead(of: AppFeature, home: UserType)

  /// Decides the route after a successful sign-in or sign-up.
  /// - Parameters:
  ///   - type: The signed-in user's type.
  ///   - entry: Where the sign-in began.
  public init(signedIn type: UserType, from entry: LoginEntryPoint) {
    switch entry {
    case .launch, .welcome:
      self = .homeAsRoot(type)
    case .guestFeature(let feature) where feature.isAvailable(to: type):
      self = .backToFeature(feature)
    case .guestFeature(let feature):
      self = .homeInstead(of: feature, home: type)
    }
  }

  /// The sentence to show with the route, when there is one, in the language of the moment.
  public var message: String? {
    switch self {
    case .homeAsRoot, .backToFeature:
      nil
    case .homeInstead(let feature, let home):
      LoginRoute.unavailableMessage(feature, home: home)
    }
  }

  static func unavailableMessage(_ feature: AppFeature, home: UserType) -> String {
    TextTable.loginLogicControl.text("route.homeInstead", feature.refusalValues(to: home))
      .sentenceCased
  }
}

extension LoginRoute: CustomStringConvertible {
  /// A short name for the event log, e.g. `home member (root)`.
  public var description: String {
    switch self {
    case .homeAsRoot(let type): "home \(type.rawValue) (root)"
    case .backToFeature(let feature): "back to \(feature.rawValue)"
    case .homeInstead(let feature, let home): "home \(home.rawValue) instead of \(feature.rawValue)"
    }
  }
}
