import Foundation
import Testing

/// The interactive screens, driven through a pipe: each line answers the current prompt.
@Suite("interactive screens")
struct InteractiveFlowTests {
  @Test("a piped session signs up, reaches the passenger home, signs out and quits at EOF")
  func signUpThenSignOut() async throws {
    let fixture = try KooberFixture()
    defer { fixture.remove() }
    let answers = [
      "Sign up", "ann@example.com", "Pass1234", "Ann", "passenger", "Sign out",
    ]
    let session = try await fixture.run([], stdin: answers.joined(separator: "\n") + "\n")
    #expect(session.status == 0)
    #expect(session.titles == ["[Welcome]", "[Sign up]", "[Passenger home]", "[Welcome]"])
    #expect(session.stdout.contains("Hello, Ann! You are signed in as a passenger."))
    #expect(Transcript.alerts(in: session.stdout).isEmpty)
    #expect(!session.stdout.contains("Pass1234"))
    let status = try await fixture.run(["status"])
    #expect(status.status == 4)
    #expect(status.stdout == "Not signed in.\n")
  }

  @Test("a guest opening an account-only feature signs in and is taken back to it")
  func guestSignsInAndReturnsToFeature() async throws {
    let fixture = try KooberFixture()
    defer { fixture.remove() }
    try await fixture.makeAccount("ann@example.com", type: "passenger", password: "Pass1234")
    let answers = ["Browse as guest", "Your profile", "", "Pass1234", "Back", "Quit"]
    let session = try await fixture.run([], stdin: answers.joined(separator: "\n") + "\n")
    #expect(session.status == 0)
    #expect(
      session.titles == [
        "[Welcome]", "[Guest home]", "[Sign in]", "[Profile]", "[Passenger home]",
      ])
    #expect(
      Transcript.alerts(in: session.stdout) == [
        "! Your profile needs an account; sign in and Koober takes you back there."
      ])
    // The sign-in form was pre-filled with the last account, so an empty line kept it.
    #expect(session.stdout.contains("Email [ann@example.com]: \n"))
    #expect(session.stdout.contains("Email: ann@example.com\nType:  passenger"))
  }

  @Test("a wrong password shows one alert and the form again; EOF then quits with 0")
  func wrongPasswordAlertsAndEndOfInputQuits() async throws {
    let fixture = try KooberFixture()
    defer { fixture.remove() }
    try await fixture.makeAccount("ann@example.com", type: "passenger", password: "Pass1234")
    let session = try await fixture.run([], stdin: "Sign in\nann@example.com\nWrong1234\n")
    #expect(session.status == 0)
    #expect(session.titles == ["[Welcome]", "[Sign in]"])
    #expect(Transcript.alerts(in: session.stdout) == ["! The email or password is wrong."])
    #expect(session.stdout.hasSuffix("Email [ann@example.com]: \n"))
  }

  @Test("a second process finds the session: status names the user, the screens open at home")
  func secondProcessFindsTheSession() async throws {
    let fixture = try KooberFixture()
    defer { fixture.remove() }
    let signUp = try await fixture.run(
      [], stdin: "Sign up\nann@example.com\nPass1234\nAnn\npassenger\nQuit\n")
    #expect(signUp.titles == ["[Welcome]", "[Sign up]", "[Passenger home]"])
    let status = try await fixture.run(["status"])
    #expect(status.status == 0)
    #expect(status.stdout == "Signed in as Ann <ann@example.com> (passenger).\n")
    let again = try await fixture.run([], stdin: "Quit\n")
    #expect(again.status == 0)
    #expect(again.titles == ["[Passenger home]"])
  }

  @Test("the profile renames the user; the home greets the new name")
  func profileRename() async throws {
    let fixture = try KooberFixture()
    defer { fixture.remove() }
    let answers = [
      "Sign up", "ann@example.com", "Pass1234", "", "passenger", "Your profile", "Rename",
      "Annie", "Back", "Quit",
    ]
    let session = try await fixture.run([], stdin: answers.joined(separator: "\n") + "\n")
    #expect(
      session.titles == [
        "[Welcome]", "[Sign up]", "[Passenger home]", "[Profile]", "[Profile]",
        "[Passenger home]",
      ])
    #expect(session.stdout.contains("Hello, ann@example.com!"))
    #expect(session.stdout.contains("Name:  Annie"))
    #expect(session.stdout.contains("Hello, Annie!"))
  }
}
