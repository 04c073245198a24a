import LoginLogicControl
import UserModel

/// A screen that ends in a signed-in user (sign-in, sign-up, code): the logic control's
/// three routes become the screen's next destination, in one place for all three screens.
@MainActor
protocol LoginRouting: LoginRouteDelegate {
  /// Where the signed-in user goes; set by the route methods below.
  var signedInDestination: Destination? { get set }
}

extension LoginRouting {
  func loginLogic(
    _ control: any LoginFlowControl, didSignIn user: User, goHomeAsRoot home: UserType
  ) {
    signedInDestination = .home(user, alert: nil)
  }

  func loginLogic(
    _ control: any LoginFlowControl, didSignIn user: User, returnTo feature: AppFeature
  ) {
    signedInDestination = .openFeature(feature, user: user)
  }

  func loginLogic(
    _ control: any LoginFlowControl, didSignIn user: User, goHome home: UserType,
    cannotUse feature: AppFeature, message: String
  ) {
    signedInDestination = .home(user, alert: message)
  }
}
