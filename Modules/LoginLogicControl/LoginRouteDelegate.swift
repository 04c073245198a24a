import LoginCore
import UserModel

/// Receives the end of a successful login flow: where the signed-in user goes.
///
/// The three routes are three methods (seeds/001's "go to main" and "back to main"), so the
/// host's navigation code reads as a list of destinations, not a switch.
@MainActor
public protocol LoginRouteDelegate: AnyObject {
  /// The user signed in from launch or welcome: show that type's home as the new root.
  /// - Parameters:
  ///   - control: The control that finished.
  ///   - user: The signed-in user.
  ///   - home: Whose home to show (the user's type).
  func loginLogic(
    _ control: any LoginFlowControl, didSignIn user: User, goHomeAsRoot home: UserType)

  /// The user signed in from a feature opened as a guest: return to that feature.
  /// - Parameters:
  ///   - control: The control that finished.
  ///   - user: The signed-in user.
  ///   - feature: The feature to return to.
  func loginLogic(
    _ control: any LoginFlowControl, didSignIn user: User, returnTo feature: AppFeature)

  /// The user signed in from a feature their type cannot use: show their home with a message.
  /// - Parameters:
  ///   - control: The control that finished.
  ///   - user: The signed-in user.
  ///   - home: Whose home to show (the user's type).
  ///   - feature: The feature they had opened.
  ///   - message: One sentence explaining why they are not there.
  func loginLogic(
    _ control: any LoginFlowControl, didSignIn user: User, goHome home: UserType,
    cannotUse feature: AppFeature, message: String)
}

extension LoginRouteDelegate {
  /// Calls the method that matches `route`.
  func deliver(_ route: LoginRoute, for user: User, from control: any LoginFlowControl) {
    switch route {
    case .homeAsRoot(let home):
      loginLogic(control, didSignIn: user, goHomeAsRoot: home)
    case .backToFeature(let feature):
      loginLogic(control, didSignIn: user, returnTo: feature)
    case .homeInstead(let feature, let home):
      loginLogic(
        control, didSignIn: user, goHome: home, cannotUse: feature,
        message: LoginRoute.unavailableMessage(feature, home: home))
    }
  }
}
