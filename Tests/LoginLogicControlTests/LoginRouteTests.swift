import LoginCore
import LoginLogicControl
import Testing
import UserModel

@Suite("Routes and waits")
struct LoginRouteTests {
  @Test("launch and welcome lead home as the root; a feature leads back unless the type can't")
  func routes() {
    #expect(LoginRoute(signedIn: .member, from: .launch) == .homeAsRoot(.member))
    #expect(LoginRoute(signedIn: .admin, from: .welcome) == .homeAsRoot(.admin))
    #expect(
      LoginRoute(signedIn: .member, from: .guestFeature(.requestRide))
        == .backToFeature(.requestRide))
    #expect(
      LoginRoute(signedIn: .admin, from: .guestFeature(.requestRide))
        == .homeInstead(of: .requestRide, home: .admin))
    #expect(
      LoginRoute(signedIn: .admin, from: .guestFeature(.profile)) == .backToFeature(.profile))
    #expect(LoginRoute.homeAsRoot(.admin).message == nil)
    #expect(
      LoginRoute.homeInstead(of: .requestRide, home: .admin).message
        == "Requesting a ride is not available to admins, so here is your admin home.")
  }

  @Test(
    "lockout seconds round up to whole minutes without overflow",
    arguments: [(0, 1), (-5, 1), (60, 1), (61, 2), (300, 5), (Int.max, Int.max / 60 + 1)])
  func lockoutMinutes(seconds: Int, minutes: Int) {
    #expect(AuthFailure.minutes(seconds) == minutes)
  }
}
