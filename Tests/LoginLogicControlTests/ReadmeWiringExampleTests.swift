import LoginCore
import LoginLogicControl
import Testing
import UserModel

@MainActor
@Suite("The README's wiring example")
struct ReadmeWiringExampleTests {
  @Test("a passenger signing in from welcome: button enabled, then the home as root")
  func passengerFromWelcome() async {
    let world = World()
    world.service.signInResults = [.success(.signedIn(Fixtures.session(Fixtures.ann)))]
    let screen = SignInScreen(environment: world.environment, lastEmail: nil)
    screen.emailTyped("ann@example.com")
    screen.passwordTyped(Fixtures.password)
    await screen.signInTapped()?.value
    #expect(
      screen.shown == ["button enabled: true", "button enabled: false", "root: passenger home"])
  }

  @Test("a wrong password shows the logic layer's sentence and enables the button again")
  func wrongPassword() async {
    let world = World()
    world.service.signInResults = [.failure(.invalidCredentials)]
    let screen = SignInScreen(
      environment: world.environment, lastEmail: "ann@example.com",
      entry: .guestFeature(.myRides))
    screen.passwordTyped("nope")
    await screen.signInTapped()?.value
    #expect(
      screen.shown == [
        "button enabled: true", "button enabled: false", "button enabled: true",
        "alert: \(LoginFailure.wrongEmailOrPassword.message)",
      ])
  }
}
