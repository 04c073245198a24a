import LoginCore
import LoginLogicControl
import LoginTesting
import Testing
import UserModel

@MainActor
@Suite("Sign-up")
struct SignUpLogicControlTests {
  private func form(_ type: UserType, password: String = Fixtures.password) -> SignUpCredentials {
    SignUpCredentials(
      identifier: " New@Example.com ", password: password, name: "  Ann  ", type: type)
  }

  @Test("a member signs up from welcome and goes home as the root")
  func member() async {
    let world = World()
    world.service.signUpResults = [.success(Fixtures.session(Fixtures.ann))]
    await world.signUpControl().signUp(form(.member))?.value
    #expect(
      world.recorder.calls == [
        .signUpStarted, .signedIn(Fixtures.ann, .homeAsRoot(.member), from: .signUp),
      ])
    #expect(
      world.service.calls == [
        .signUp(
          SignUpCredentials(
            identifier: "new@example.com", password: Fixtures.password, name: "Ann",
            type: .member))
      ])
  }

  @Test("an admin signs up without a code and goes to the admin home")
  func admin() async {
    let world = World()
    world.service.signUpResults = [.success(Fixtures.session(Fixtures.dan))]
    await world.signUpControl().signUp(form(.admin))?.value
    #expect(
      world.recorder.calls == [
        .signUpStarted, .signedIn(Fixtures.dan, .homeAsRoot(.admin), from: .signUp),
      ])
  }

  @Test("an admin who signed up from a member feature goes home with a message")
  func adminFromMemberFeature() async {
    let world = World()
    world.service.signUpResults = [.success(Fixtures.session(Fixtures.dan))]
    await world.signUpControl(from: .guestFeature(.requestRide)).signUp(form(.admin))?.value
    let route = LoginRoute.homeInstead(of: .requestRide, home: .admin)
    #expect(
      world.recorder.calls == [.signUpStarted, .signedIn(Fixtures.dan, route, from: .signUp)])
    #expect(
      route.message
        == "Requesting a ride is not available to admins, so here is your admin home.")
  }

  @Test("a member who signed up from my rides returns there")
  func memberFromFeature() async {
    let world = World()
    world.service.signUpResults = [.success(Fixtures.session(Fixtures.ann))]
    await world.signUpControl(from: .guestFeature(.myRides)).signUp(form(.member))?.value
    #expect(
      world.recorder.calls == [
        .signUpStarted, .signedIn(Fixtures.ann, .backToFeature(.myRides), from: .signUp),
      ])
  }

  @Test("a taken email is reported")
  func emailTaken() async {
    let world = World()
    world.service.signUpResults = [.failure(.refused(.identifierTaken(.email)))]
    let control = world.signUpControl()
    await control.signUp(form(.member))?.value
    #expect(
      world.recorder.calls == [.signUpStarted, .signUpFailed(.refused(.identifierTaken(.email)))])
    #expect(
      AuthFailure.refused(.identifierTaken(.email)).message
        == "An account with this email already exists; sign in instead.")
    #expect(!control.isSigningUp)
  }

  @Test(
    "a form that breaks a rule is refused and nothing is sent",
    arguments: [
      (signUpForm("ann@", "trail3rs!"), CredentialProblem.email(.invalidDomain)),
      (signUpForm("ann@example.com", "short1"), .password(.tooShort(minimum: 8))),
      (signUpForm("ann@example.com", "longenough"), .password(.missingDigit)),
      (signUpForm("ann@example.com", "trail3rs!", name: "A\nB"), .name(.controlCharacter)),
    ])
  func invalidInput(form: SignUpCredentials, problem: CredentialProblem) async {
    var world = World()
    world.service = FakeLoginService(credentialRules: World.letterAndDigit)
    #expect(world.signUpControl().signUp(form) == nil)
    #expect(world.recorder.calls == [.signUpFailed(.refused(.invalidForm(problem)))])
    #expect(world.service.calls.isEmpty)
  }

  @Test("a field the server refuses is reported with the server's code and sentence")
  func serverRefusal() async {
    let world = World()
    let refused = AuthFailure.refused(
      .invalidInput(.password, message: "Use a less common password."))
    world.service.signUpResults = [.failure(refused)]
    await world.signUpControl().signUp(form(.member))?.value
    #expect(world.recorder.calls == [.signUpStarted, .signUpFailed(refused)])
    #expect(refused.code == "invalid_password")
    #expect(refused.message == "Use a less common password.")
  }

  @Test("a double tap sends one sign-up")
  func doubleTap() async {
    let world = World()
    world.service.signUpResults = [.success(Fixtures.session(Fixtures.ann))]
    let control = world.signUpControl()
    let first = control.signUp(form(.member))
    #expect(control.signUp(form(.member)) == nil)
    await first?.value
    #expect(
      world.recorder.calls == [
        .signUpStarted, .signedIn(Fixtures.ann, .homeAsRoot(.member), from: .signUp),
      ])
    #expect(world.service.calls.count == 1)
  }
}

private func signUpForm(_ email: String, _ password: String, name: String? = nil)
  -> SignUpCredentials
{
  SignUpCredentials(identifier: email, password: password, name: name, type: .admin)
}
