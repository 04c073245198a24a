import Foundation
import LoginCore
import LoginLogicControl
import LoginTesting
import Testing
import UserModel

/// A browser that comes back at once with a fixed address.
struct ReturningAgent: BrowserUserAgent {
  let redirectURI = URL(string: "http://127.0.0.1:4000/callback")!
  var prompt: String? = nil
  func authorize(_ url: URL) async throws(AuthFailure) -> URL {
    URL(string: "http://127.0.0.1:4000/callback?code=c&state=s")!
  }
}

/// A browser the person never comes back from: it waits until the task is cancelled.
struct AbandonedAgent: BrowserUserAgent {
  let redirectURI = URL(string: "http://127.0.0.1:4000/callback")!
  func authorize(_ url: URL) async throws(AuthFailure) -> URL {
    do {
      try await Task.sleep(for: .seconds(3600))
    } catch {
      throw .refused(.signInCancelled)
    }
    throw .refused(.signInExpired)
  }
}

@MainActor
@Suite("Browser and device sign-ins")
struct ProviderSignInLogicTests {
  struct RouteCase: Sendable, CustomTestStringConvertible {
    let type: UserType
    let entry: LoginEntryPoint
    let route: LoginRoute
    var testDescription: String { "\(type.rawValue) from \(entry)" }
  }

  nonisolated static let routeCases: [RouteCase] = [
    RouteCase(type: .member, entry: .welcome, route: .homeAsRoot(.member)),
    RouteCase(
      type: .member, entry: .guestFeature(.requestRide), route: .backToFeature(.requestRide)),
    RouteCase(type: .admin, entry: .launch, route: .homeAsRoot(.admin)),
    RouteCase(
      type: .admin, entry: .guestFeature(.requestRide),
      route: .homeInstead(of: .requestRide, home: .admin)),
  ]

  static func authorization(seconds: TimeInterval = 120) -> DeviceAuthorization {
    DeviceAuthorization(
      userCode: "WDJB-MJHT", verificationURI: URL(string: "https://provider.example/device")!,
      verificationURIComplete: nil, expiresAt: Fixtures.now.addingTimeInterval(seconds),
      interval: 5, deviceCode: "dc-secret")
  }

  func browserControl(_ world: World, from entry: LoginEntryPoint = .welcome)
    -> BrowserSignInLogicControl
  {
    let control = BrowserSignInLogicControl(environment: world.environment, entryPoint: entry)
    control.delegate = world.recorder
    return control
  }

  func deviceControl(_ world: World, from entry: LoginEntryPoint = .welcome)
    -> DeviceSignInLogicControl
  {
    let control = DeviceSignInLogicControl(environment: world.environment, entryPoint: entry)
    control.delegate = world.recorder
    return control
  }

  @Test("a browser sign-in routes by user type and entry point", arguments: routeCases)
  func browserRoutes(_ row: RouteCase) async {
    let world = World()
    let user = Fixtures.user(row.type)
    world.service.browserSignInResults = [.success(Fixtures.session(user))]
    await browserControl(world, from: row.entry).signIn(with: ReturningAgent())?.value
    #expect(
      world.recorder.calls == [
        .browserStarted, .browserWaiting(FakeLoginService.authorizationURL),
        .signedIn(user, row.route, from: .browser),
      ])
    #expect(
      world.service.calls == [
        .browserSignIn(redirectURI: ReturningAgent().redirectURI, prompt: nil)
      ])
  }

  @Test("cancelling while the browser is open ends as cancelled; a second tap is ignored")
  func browserCancel() async {
    let world = World()
    let control = browserControl(world)
    let task = control.signIn(with: AbandonedAgent())
    #expect(control.signIn(with: AbandonedAgent()) == nil)
    #expect(await waitUntil { world.recorder.calls.count == 2 })
    control.cancel()
    await task?.value
    #expect(
      world.recorder.calls == [
        .browserStarted, .browserWaiting(FakeLoginService.authorizationURL), .browserCancelled,
      ])
    #expect(!control.isSigningIn)
    #expect(world.log.lines.contains { $0.hasSuffix("browser sign-in: cancelled") })
  }

  @Test("the agent's prompt reaches the service through the control")
  func browserPrompt() async {
    let world = World()
    world.service.browserSignInResults = [.success(Fixtures.session(Fixtures.ann))]
    await browserControl(world).signIn(with: ReturningAgent(prompt: "login"))?.value
    #expect(
      world.service.calls == [
        .browserSignIn(redirectURI: ReturningAgent().redirectURI, prompt: "login")
      ])
  }

  @Test("cancelling while the service asks the provider is a cancellation, not a failure")
  func browserCancelDuringRequest() async {
    let world = World()
    let gate = CallGate()
    world.service.gate = gate
    world.service.browserSignInResults = [.failure(.unavailable(.offline))]
    let control = browserControl(world)
    let task = control.signIn(with: ReturningAgent())
    #expect(await waitUntil { world.recorder.calls.count == 2 })
    control.cancel()
    await gate.open()
    await task?.value
    #expect(
      world.recorder.calls == [
        .browserStarted, .browserWaiting(FakeLoginService.authorizationURL), .browserCancelled,
      ])
  }

  @Test("the person saying no at the provider is a failure with its sentence")
  func browserDeclined() async {
    let world = World()
    world.service.browserSignInResults = [.failure(.refused(.signInDeclined))]
    await browserControl(world).signIn(with: ReturningAgent())?.value
    #expect(
      world.recorder.calls == [
        .browserStarted, .browserWaiting(FakeLoginService.authorizationURL),
        .browserFailed(.refused(.signInDeclined)),
      ])
  }

  @Test("a device sign-in shows the code, counts down while waiting, then routes")
  func deviceRoutes() async {
    let world = World()
    let gate = CallGate()
    world.service.deviceStartResults = [.success(Self.authorization())]
    world.service.deviceFinishResults = [.success(Fixtures.session(Fixtures.dan))]
    world.service.deviceFinishGate = gate
    let task = deviceControl(world, from: .guestFeature(.requestRide)).start()
    #expect(await world.clock.waitForSleepers(1))
    world.clock.advance(by: .seconds(1))
    #expect(await world.clock.waitForSleepers(1))
    world.clock.advance(by: .seconds(1))
    #expect(await world.clock.waitForSleepers(1))
    await gate.open()
    await task?.value
    #expect(
      world.recorder.calls == [
        .deviceStarted, .deviceShown(userCode: "WDJB-MJHT", secondsLeft: 120), .tick(119),
        .tick(118),
        .signedIn(Fixtures.dan, .homeInstead(of: .requestRide, home: .admin), from: .device),
      ])
    #expect(
      world.service.calls == [.startDeviceSignIn, .finishDeviceSignIn(userCode: "WDJB-MJHT")])
    #expect(!world.log.lines.joined().contains("dc-secret"))
  }

  @Test(
    "denied and expired end the device sign-in with their sentences",
    arguments: [AuthFailure.refused(.signInDeclined), .refused(.signInExpired)])
  func deviceRefusals(_ failure: AuthFailure) async {
    let world = World()
    world.service.deviceStartResults = [.success(Self.authorization())]
    world.service.deviceFinishResults = [.failure(failure)]
    await deviceControl(world).start()?.value
    #expect(
      world.recorder.calls == [
        .deviceStarted, .deviceShown(userCode: "WDJB-MJHT", secondsLeft: 120),
        .deviceFailed(failure),
      ])
    #expect(!failure.message.isEmpty)
  }

  @Test("cancelling while waiting for the other device ends as cancelled, countdown stopped")
  func deviceCancel() async {
    let world = World()
    let gate = CallGate()
    world.service.deviceStartResults = [.success(Self.authorization())]
    world.service.deviceFinishGate = gate
    let control = deviceControl(world)
    let task = control.start()
    #expect(control.start() == nil)
    #expect(await world.clock.waitForSleepers(1))
    control.cancel()
    await gate.open()
    await task?.value
    #expect(
      world.recorder.calls == [
        .deviceStarted, .deviceShown(userCode: "WDJB-MJHT", secondsLeft: 120), .deviceCancelled,
      ])
    #expect(control.authorization == nil)
    world.clock.advance(by: .seconds(5))
    #expect(world.recorder.calls.count == 3)
  }

  @Test("a service without the device sign-in says it is not offered")
  func deviceUnsupported() async {
    let world = World()
    world.service.deviceStartResults = [.failure(.unsupported(.deviceSignIn))]
    await deviceControl(world).start()?.value
    #expect(
      world.recorder.calls == [.deviceStarted, .deviceFailed(.unsupported(.deviceSignIn))])
  }
}
