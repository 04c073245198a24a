import LoginCore
import UserModel

/// Receives the end of a successful login flow: a sign-in, sign-up or code check that
/// succeeded reaches the delegate once, with where the signed-in user goes.
///
/// ```swift
/// func loginLogic(_ control: any LoginFlowControl, didSignIn user: User, route: LoginRoute) {
///   switch route {
///   case .homeAsRoot(let home): showHome(home, asRoot: true)
///   case .backToFeature(let feature): open(feature)
///   case .homeInstead(_, let home): showHome(home, alert: route.message)
///   }
/// }
/// ```
@MainActor
public protocol LoginRouteDelegate: AnyObject {
  /// The user signed in (or signed up, or passed the code check): go where `route` says.
  /// - Parameters:
  ///   - control: The control that finished.
  ///   - user: The signed-in user.
  ///   - route: Home as the new root, back to the feature, or home with a message
  ///     (`route.message`) because the user's type cannot use the feature.
  func loginLogic(_ control: any LoginFlowControl, didSignIn user: User, route: LoginRoute)
}
