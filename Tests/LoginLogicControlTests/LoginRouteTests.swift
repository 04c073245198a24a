import LoginCore
import LoginLogicControl
import Testing
import UserModel

@Suite("Routes and failures")
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
    #expect(LoginFailure(.locked(retryAfterSeconds: seconds)) == .locked(minutes: minutes))
  }

  @Test(
    "a busy server's wait is kept in seconds, within one hour",
    arguments: [(0, 1), (1, 1), (3, 3), (3600, 3600), (Int.max, 3600)])
  func busySeconds(seconds: Int, shown: Int) {
    #expect(LoginFailure(.serverBusy(retryAfterSeconds: seconds)) == .serverBusy(seconds: shown))
  }

  @Test("every service error maps to a reason with a stable code and a sentence")
  func mapping() {
    let errors: [LoginError] = [
      .invalidCredentials(.email), .locked(retryAfterSeconds: 1), .identifierTaken(.email),
      .invalidIdentifier("e"),
      .weakPassword("p"), .invalidName("n"), .invalidType, .invalidCode(attemptsLeft: 1),
      .challengeExpired, .tooManyAttempts, .notSignedIn, .alreadyInProgress, .offline, .timeout,
      .serverTrouble("s"), .sessionUnavailable("u"), .storage("d"), .updateRequired,
      .serverBusy(retryAfterSeconds: 2),
    ]
    let codes = errors.map { LoginFailure($0).code }
    #expect(
      codes == [
        "invalid_credentials", "account_locked", "identifier_taken", "invalid_identifier",
        "weak_password",
        "invalid_name", "invalid_type", "invalid_code", "challenge_expired", "too_many_attempts",
        "not_signed_in", "already_in_progress", "offline", "offline", "server_trouble",
        "storage_failed", "storage_failed", "account_database_too_new", "server_busy",
      ])
    #expect(errors.allSatisfy { !LoginFailure($0).message.isEmpty })
  }
}
