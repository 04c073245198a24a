import LoginCore
import LoginLogicControl
import LoginTesting
import Testing
import UserModel

@MainActor
@Suite("Sign-in")
struct SignInLogicControlTests {
  /// One row of the type × entry point table, with the route call it must end in.
  struct RouteCase: Sendable, CustomTestStringConvertible {
    let type: UserType
    let entry: LoginEntryPoint
    let expected: DelegateRecorder.Call
    var testDescription: String { "\(type.rawValue) from \(entry)" }
  }

  nonisolated static let routeCases: [RouteCase] = [
    RouteCase(
      type: .member, entry: .launch,
      expected: .signedIn(ann, .homeAsRoot(.member), from: .signIn)),
    RouteCase(
      type: .member, entry: .welcome,
      expected: .signedIn(ann, .homeAsRoot(.member), from: .signIn)),
    RouteCase(
      type: .member, entry: .guestFeature(.fareEstimate),
      expected: .signedIn(ann, .backToFeature(.fareEstimate), from: .signIn)),
    RouteCase(
      type: .member, entry: .guestFeature(.requestRide),
      expected: .signedIn(ann, .backToFeature(.requestRide), from: .signIn)),
    RouteCase(
      type: .member, entry: .guestFeature(.myRides),
      expected: .signedIn(ann, .backToFeature(.myRides), from: .signIn)),
    RouteCase(
      type: .member, entry: .guestFeature(.profile),
      expected: .signedIn(ann, .backToFeature(.profile), from: .signIn)),
    RouteCase(
      type: .admin, entry: .launch, expected: .signedIn(dan, .homeAsRoot(.admin), from: .code)),
    RouteCase(
      type: .admin, entry: .welcome, expected: .signedIn(dan, .homeAsRoot(.admin), from: .code)),
    RouteCase(
      type: .admin, entry: .guestFeature(.fareEstimate),
      expected: .signedIn(dan, .backToFeature(.fareEstimate), from: .code)),
    RouteCase(
      type: .admin, entry: .guestFeature(.requestRide),
      expected: .signedIn(dan, .homeInstead(of: .requestRide, home: .admin), from: .code)),
    RouteCase(
      type: .admin, entry: .guestFeature(.myRides),
      expected: .signedIn(dan, .backToFeature(.myRides), from: .code)),
    RouteCase(
      type: .admin, entry: .guestFeature(.profile),
      expected: .signedIn(dan, .backToFeature(.profile), from: .code)),
  ]

  private nonisolated static var ann: User { Fixtures.ann }
  private nonisolated static var dan: User { Fixtures.dan }

  @Test("success routes by user type and entry point", arguments: routeCases)
  func routes(_ row: RouteCase) async {
    let world = World()
    let user = Fixtures.user(row.type)
    if row.type == .member {
      world.service.signInResults = [.success(.signedIn(Fixtures.session(user)))]
      await world.signInControl(from: row.entry)
        .signIn(identifier: user.identifier, password: Fixtures.password)?.value
      #expect(world.recorder.calls == [.signInStarted, row.expected])
    } else {
      world.service.verifyResults = [.success(Fixtures.session(user))]
      let codeControl = await world.codeControl(from: row.entry)
      await codeControl?.submit(code: Fixtures.code)?.value
      #expect(
        world.recorder.calls == [
          .signInStarted, .needsCode(Fixtures.challenge()), .tick(60), .verifying, row.expected,
        ])
    }
  }

  /// A service error and what the person is told.
  struct FailureCase: Sendable, CustomTestStringConvertible {
    let error: AuthFailure
    let message: String
    var testDescription: String { error.code }
  }

  nonisolated static let failureCases: [FailureCase] = [
    FailureCase(
      error: .refused(.invalidCredentials(.email)), message: "The email or password is wrong."),
    FailureCase(
      error: .refused(.invalidCredentials(.username)),
      message: "The username or password is wrong."),
    FailureCase(
      error: .refused(.locked(retryAfterSeconds: 300)),
      message: "Too many failed attempts; try again in 5 minutes."),
    FailureCase(
      error: .refused(.locked(retryAfterSeconds: 42)),
      message: "Too many failed attempts; try again in 42 seconds."),
    FailureCase(
      error: .unavailable(.offline),
      message: "The server can't be reached; check your connection and try again."),
    FailureCase(
      error: .unavailable(.timeout), message: "The server took too long to answer; try again."),
    FailureCase(
      error: .unavailable(.busy(retryAfterSeconds: 3)),
      message: "The server is busy right now; try again in 3 seconds."),
    FailureCase(
      error: .unavailable(.serverTrouble("HTTP 502")),
      message: "The server is having trouble; try again in a moment."),
    FailureCase(
      error: .unavailable(.storage("disk full")),
      message: "This device's storage failed (disk full); try again."),
    FailureCase(
      error: .refused(.updateRequired),
      message:
        "This device's data was written by a newer version of the app; update the app to sign in."
    ),
  ]

  @Test(
    "each failure is handed to the delegate as the service threw it, with one sentence",
    arguments: failureCases)
  func failures(_ row: FailureCase) async {
    let world = World()
    world.service.signInResults = [.failure(row.error)]
    let control = world.signInControl()
    await control.signIn(identifier: "ann@example.com", password: Fixtures.password)?.value
    #expect(world.recorder.calls == [.signInStarted, .signInFailed(row.error)])
    #expect(row.error.message == row.message)
    #expect(!control.isSigningIn)
  }

  @Test("after a failure the next tap signs in")
  func retryAfterFailure() async {
    let world = World()
    world.service.signInResults = [
      .failure(.unavailable(.offline)), .success(.signedIn(Fixtures.session(Fixtures.ann))),
    ]
    let control = world.signInControl()
    await control.signIn(identifier: "ann@example.com", password: Fixtures.password)?.value
    await control.signIn(identifier: "ann@example.com", password: Fixtures.password)?.value
    #expect(
      world.recorder.calls == [
        .signInStarted, .signInFailed(.unavailable(.offline)),
        .signInStarted, .signedIn(Fixtures.ann, .homeAsRoot(.member), from: .signIn),
      ])
  }

  @Test(
    "incomplete input is refused with the view model's rules and nothing is sent",
    arguments: [
      ("", Fixtures.password, CredentialProblem.email(.empty)),
      ("ann@example", Fixtures.password, .email(.invalidDomain)),
      ("ann example.com", Fixtures.password, .email(.containsWhitespace)),
      ("ann@example.com", "", .password(.empty)),
    ])
  func invalidInput(email: String, password: String, problem: CredentialProblem) async {
    let world = World()
    let task = world.signInControl().signIn(identifier: email, password: password)
    #expect(task == nil)
    #expect(world.recorder.calls == [.signInFailed(.refused(.invalidForm(problem)))])
    #expect(world.service.calls.isEmpty)
  }

  @Test("the email is trimmed and lower-cased before it is sent")
  func normalisedEmail() async {
    let world = World()
    world.service.signInResults = [.success(.signedIn(Fixtures.session(Fixtures.ann)))]
    await world.signInControl().signIn(identifier: "  Ann@Example.COM \n", password: " pass word ")?
      .value
    #expect(
      world.service.calls == [.signIn(identifier: "ann@example.com", password: " pass word ")])
  }

  @Test("a double tap sends one sign-in")
  func doubleTap() async {
    let world = World()
    world.service.signInResults = [.success(.signedIn(Fixtures.session(Fixtures.ann)))]
    let control = world.signInControl()
    let first = control.signIn(identifier: "ann@example.com", password: Fixtures.password)
    let second = control.signIn(identifier: "ann@example.com", password: Fixtures.password)
    #expect(second == nil)
    await first?.value
    #expect(
      world.recorder.calls == [
        .signInStarted, .signedIn(Fixtures.ann, .homeAsRoot(.member), from: .signIn),
      ])
    #expect(
      world.service.calls == [.signIn(identifier: "ann@example.com", password: Fixtures.password)])
  }

  @Test("a tap while the request is out is ignored")
  func tapWhileInFlight() async {
    let world = World()
    let gate = CallGate()
    world.service.gate = gate
    world.service.signInResults = [.success(.signedIn(Fixtures.session(Fixtures.ann)))]
    let control = world.signInControl()
    let first = control.signIn(identifier: "ann@example.com", password: Fixtures.password)
    #expect(await waitUntil { world.service.calls.count == 1 })
    #expect(control.isSigningIn)
    #expect(control.signIn(identifier: "ann@example.com", password: "other1234") == nil)
    #expect(world.recorder.calls == [.signInStarted])
    await gate.open()
    await first?.value
    #expect(
      world.recorder.calls == [
        .signInStarted, .signedIn(Fixtures.ann, .homeAsRoot(.member), from: .signIn),
      ])
    #expect(world.service.calls.count == 1)
  }

  @Test("the last signed-in email is offered for the form")
  func lastEmail() async {
    let world = World()
    world.service.lastIdentifier = "ann@example.com"
    #expect(await world.signInControl().lastSignedInIdentifier() == "ann@example.com")
    #expect(world.recorder.calls.isEmpty)
  }
}
