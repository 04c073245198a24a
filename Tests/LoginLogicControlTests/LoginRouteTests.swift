import LoginCore
import LoginLogicControl
import Testing
import UserModel

@Suite("Routes and waits")
struct LoginRouteTests {
  @Test("launch and welcome lead home as the root; a feature leads back unless the type can't")
  func routes() {
    #expect(LoginRoute(signedIn: .passenger, from: .launch) == .homeAsRoot(.passenger))
    #expect(LoginRoute(signedIn: .driver, from: .welcome) == .homeAsRoot(.driver))
    #expect(
      LoginRoute(signedIn: .passenger, from: .guestFeature(.requestRide))
        == .backToFeature(.requestRide))
    #expect(
      LoginRoute(signedIn: .driver, from: .guestFeature(.requestRide))
        == .homeInstead(of: .requestRide, home: .driver))
    #expect(
      LoginRoute(signedIn: .driver, from: .guestFeature(.profile)) == .backToFeature(.profile))
    #expect(LoginRoute.homeAsRoot(.driver).message == nil)
    #expect(
      LoginRoute.homeInstead(of: .requestRide, home: .driver).message
        == "Requesting a ride is not available to drivers, so here is your driver home.")
  }

  @Test(
    "lockout seconds round up to whole minutes without overflow",
    arguments: [(0, 1), (-5, 1), (60, 1), (61, 2), (300, 5), (Int.max, Int.max / 60 + 1)])
  func lockoutMinutes(seconds: Int, minutes: Int) {
    #expect(AuthFailure.minutes(seconds) == minutes)
  }
}
