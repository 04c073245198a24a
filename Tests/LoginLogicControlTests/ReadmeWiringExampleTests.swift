import Foundation
import LoginCore
import LoginLogicControl
import Testing
import UserModel

@MainActor
@Suite("The README's wiring example")
struct ReadmeWiringExampleTests {
  @Test("a member signing in from welcome: button enabled, then the home as root")
  func memberFromWelcome() async {
    let world = World()
    world.service.signInResults = [.success(.signedIn(Fixtures.session(Fixtures.ann)))]
    let screen = SignInScreen(environment: world.environment, last: nil)
    screen.identifierTyped("ann@example.com")
    screen.passwordTyped(Fixtures.password)
    await screen.signInTapped()?.value
    #expect(
      screen.shown == ["button enabled: true", "button enabled: false", "root: member home"])
  }

  @Test("a wrong password shows the logic layer's sentence and enables the button again")
  func wrongPassword() async {
    let world = World()
    world.service.signInResults = [.failure(.refused(.invalidCredentials(.email)))]
    let screen = SignInScreen(
      environment: world.environment, last: "ann@example.com",
      entry: .guestFeature(.myRides))
    screen.passwordTyped("nope")
    await screen.signInTapped()?.value
    #expect(
      screen.shown == [
        "button enabled: true", "button enabled: false", "button enabled: true",
        "alert: \(AuthFailure.refused(.invalidCredentials(.email)).message)",
      ])
  }
}

@Suite("The wiring article's example is this file's")
struct ReadmeWiringExampleSyncTests {
  @Test("the Wiring a screen article shows ReadmeWiringExample.swift's example word for word")
  func sameCode() throws {
    let tests = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    let root = tests.deletingLastPathComponent().deletingLastPathComponent()
    let source = try String(
      contentsOf: tests.appendingPathComponent("ReadmeWiringExample.swift"), encoding: .utf8)
    let start = try #require(source.range(of: "// README example begins\n")).upperBound
    let end = try #require(source.range(of: "// README example ends")).lowerBound
    let article = try String(
      contentsOf: root.appendingPathComponent(
        "Modules/LoginLogicControl/LoginLogicControl.docc/WiringAScreen.md"), encoding: .utf8)
    #expect(article.contains(String(source[start..<end])))
  }
}
