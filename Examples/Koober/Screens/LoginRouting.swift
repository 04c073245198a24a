import LoginLogicControl
import UserModel

/// A screen that ends in a signed-in user (sign-in, sign-up, code): the logic control's route
/// becomes the screen's next destination, in one place for all three screens.
@MainActor
protocol LoginRouting: LoginRouteDelegate {
  /// Where the signed-in user goes; set by the route method below.
  var signedInDestination: Destination? { get set }
}

extension LoginRouting {
  func loginLogic(_ control: any LoginFlowControl, didSignIn user: User, route: LoginRoute) {
    signedInDestination = LoginRoute.destination(of: user, route)
  }
}

extension LoginRoute {
  /// Where a signed-in user goes on `route`, as the screens draw it.
  static func destination(of user: User, _ route: LoginRoute) -> Destination {
    switch route {
    case .homeAsRoot: .home(user, alert: nil)
    case .backToFeature(let feature): .openFeature(feature, user: user)
    case .homeInstead: .home(user, alert: route.message)
    }
  }
}
