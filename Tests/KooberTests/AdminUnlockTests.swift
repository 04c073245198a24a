import Foundation
import Testing

@Suite("koober admin unlock")
struct AdminUnlockTests {
  @Test("five wrong passwords lock an email; admin unlock lets its owner in again at once")
  func unlock() async throws {
    let fixture = try KooberFixture()
    defer { fixture.remove() }
    try await fixture.signUp("lock@example.com", type: "passenger")
    _ = try await fixture.run(["sign-out"])
    for _ in 0..<5 {
      let wrong = try await fixture.run(
        ["sign-in", "--email", "lock@example.com", "--password-stdin"], stdin: "Wrong1234\n")
      #expect(wrong.status == 1)
    }
    let locked = try await fixture.run(
      ["sign-in", "--email", "lock@example.com", "--password-stdin"], stdin: "Pass1234\n")
    #expect(locked.status == 1)
    #expect(locked.stderr.contains("Too many failed attempts"))

    let unlock = try await fixture.run(["admin", "unlock", " Lock@Example.com "])
    #expect(unlock.status == 0)
    #expect(unlock.stdout == "lock@example.com is unlocked: its failed sign-ins are forgotten.\n")
    let again = try await fixture.run(["admin", "unlock", "lock@example.com"])
    #expect(again.stdout == "lock@example.com had no failed sign-ins to forget.\n")

    let signIn = try await fixture.run(
      ["sign-in", "--email", "lock@example.com", "--password-stdin"], stdin: "Pass1234\n")
    #expect(signIn.status == 0)
  }
}
