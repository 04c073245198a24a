import Foundation
import Testing

/// The reference backend checks sign-ups with Koober's rules (`CredentialRules.koober`), not
/// the package's policy-neutral default: a password of letters alone is refused.
@Suite("The reference backend keeps Koober's password rule")
struct KooberBackendPasswordRuleTests {
  @Test("'abcdefgh' answers 422 weak_password with the missing digit's sentence")
  func lettersAloneRefused() async throws {
    let server = try TestBackend()
    defer { server.stop() }
    let response = try await server.signUp("ann@example.com", password: "abcdefgh")
    #expect(response.status == 422)
    #expect(response.errorCode == "weak_password")
    #expect(response.error["message"] as? String == "Add at least one digit (0–9).")
  }
}
