import Foundation
import Testing

/// `koober` states Koober's rules (`CredentialRules.koober`: a letter and a digit) to its
/// service, so a password of letters alone, which the package's policy-neutral default
/// accepts, is refused before anything is sent, in Koober's words.
@Suite("koober's sign-up keeps Koober's password rule")
struct KooberPasswordRuleTests {
  @Test("sign-up refuses 'abcdefgh' for want of a digit, and no one is signed in")
  func lettersAloneRefused() async throws {
    let fixture = try KooberFixture()
    defer { fixture.remove() }
    let refused = try await fixture.run(
      ["sign-up", "--email", "ann@example.com", "--type", "passenger", "--password-stdin"],
      stdin: "abcdefgh\n", extraEnvironment: ["LANG": "C"])
    #expect(refused.status != 0)
    #expect(refused.stderr == "koober: Add at least one digit (0–9).\n")
    let status = try await fixture.run(["status"], extraEnvironment: ["LANG": "C"])
    #expect(status.status == 4)
    let chinese = try await fixture.run(
      ["sign-up", "--email", "ann@example.com", "--type", "passenger", "--password-stdin"],
      stdin: "abcdefgh\n", extraEnvironment: ["LANG": "zh_CN.UTF-8"])
    #expect(chinese.status == refused.status)
    #expect(!chinese.stderr.isEmpty && chinese.stderr != refused.stderr)
  }
}
