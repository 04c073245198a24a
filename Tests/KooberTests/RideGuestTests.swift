import Foundation
import Testing

/// Fare estimates need no account: the guest home's `[Fare estimate]` and
/// `koober rides estimate`.
@Suite("fare estimates for guests")
struct RideGuestTests {
  private static let fares = [
    "wallaby   A$9.00  3 min", "wallaroo  A$11.00  5 min", "kangaroo  A$15.00  8 min",
  ]

  @Test("a guest estimates a fare on the screens and goes back to the guest home")
  func guestScreen() async throws {
    let fixture = try KooberFixture()
    defer { fixture.remove() }
    let answers = [
      "Browse as guest", "Estimate a fare", "zzz", "opera", "7", "1", "Another estimate", "back",
      "Quit",
    ]
    let session = try await fixture.run([], stdin: answers.joined(separator: "\n") + "\n")
    #expect(session.status == 0)
    #expect(
      session.titles == ["[Welcome]", "[Guest home]", "[Fare estimate]", "[Guest home]"])
    #expect(session.stdout.contains("From your current location: Circular Quay.\n"))
    #expect(
      session.stdout.contains(
        "Fares to Sydney Opera House:\n  1) Wallaby — A$9.00 · 3 min\n"
          + "  2) Wallaroo — A$11.00 · 5 min\n  3) Kangaroo — A$15.00 · 8 min\n"))
    #expect(
      Transcript.alerts(in: session.stdout) == [
        "! No place matches 'zzz'; try another name.",
        "! Choose a number from 1 to 1, or search again.",
      ])
    // The guest home marks what needs an account, and nothing was signed in.
    #expect(session.stdout.contains("  2) Request a ride (needs a passenger account)\n"))
    #expect(try await fixture.run(["status"]).status == 4)
  }

  @Test("rides estimate works without an account; an unknown place exits 1")
  func estimateCommand() async throws {
    let fixture = try KooberFixture()
    defer { fixture.remove() }
    let estimate = try await fixture.run(["rides", "estimate", "--to", "Opera"])
    #expect(estimate.status == 0)
    #expect(
      estimate.stdout
        == (["Circular Quay → Sydney Opera House"] + Self.fares).joined(separator: "\n") + "\n")
    let unknown = try await fixture.run(["rides", "estimate", "--to", "Atlantis"])
    #expect(unknown.status == 1)
    #expect(unknown.stderr == "koober: No place matches 'Atlantis'; try another name.\n")
  }
}
