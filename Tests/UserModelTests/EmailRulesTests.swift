import Testing
import UserModel

@Suite("Email rules")
struct EmailRulesTests {
  @Test(
    "well-formed emails pass, including non-ASCII ones and pasted ones with whitespace around",
    arguments: [
      "ann@example.com",
      "a@b.c",
      "  ann@example.com  ",
      "\tann@example.com\n",
      "zoë@exämple.com",
      "用户@例子.中国",
      "first.last+tag@mail.example.co.uk",
    ]
  )
  func validEmails(email: String) {
    #expect(CredentialRules.emailProblem(in: email) == nil)
  }

  @Test(
    "malformed emails report their first problem",
    arguments: [
      ("", EmailProblem.empty),
      ("   \n", .empty),
      ("ann", .missingAt),
      ("ann.example.com", .missingAt),
      ("ann@@example.com", .multipleAt),
      ("ann@bob@example.com", .multipleAt),
      ("@example.com", .missingLocalPart),
      ("ann@example", .invalidDomain),
      ("ann@", .invalidDomain),
      ("ann@.com", .invalidDomain),
      ("ann@example.", .invalidDomain),
      ("ann@example..com", .invalidDomain),
      ("ann smith@example.com", .containsWhitespace),
      ("ann@exam\tple.com", .containsWhitespace),
      ("ann\u{00A0}@example.com", .containsWhitespace),
      ("ann @bob@x", .containsWhitespace),
      ("a\u{1B}[31mb@x.co", .controlCharacter),
      ("\u{1B}ann@example.com", .controlCharacter),
      ("ann@example.com\u{0}", .controlCharacter),
      ("ann\u{7F}@example.com", .controlCharacter),
      ("ann@exam\u{9B}ple.com", .controlCharacter),
      ("a\u{1B}nn@bob@x", .controlCharacter),
    ]
  )
  func invalidEmails(email: String, expected: EmailProblem) {
    #expect(CredentialRules.emailProblem(in: email) == expected)
  }

  @Test("an email of 254 characters passes and one of 255 or 300 is too long")
  func lengthLimit() {
    let domain = "@example.com"
    let exact = String(repeating: "a", count: 254 - domain.count) + domain
    #expect(exact.count == 254)
    #expect(CredentialRules.emailProblem(in: exact) == nil)
    #expect(CredentialRules.emailProblem(in: "  \(exact)  ") == nil)
    #expect(CredentialRules.emailProblem(in: "a" + exact) == .tooLong(maximum: 254))
    let long300 = String(repeating: "a", count: 300 - domain.count) + domain
    #expect(CredentialRules.emailProblem(in: long300) == .tooLong(maximum: 254))
  }

  @Test("the length counts characters people see, not bytes")
  func lengthCountsCharacters() {
    let domain = "@example.com"
    let local = String(repeating: "é", count: 254 - domain.count)
    #expect(CredentialRules.emailProblem(in: local + domain) == nil)
  }

  @Test("normalisation trims and lower-cases, including non-ASCII capitals")
  func normalisation() {
    #expect(CredentialRules.normalizedEmail("  Ann@Example.COM \n") == "ann@example.com")
    #expect(CredentialRules.normalizedEmail("ZOË@EXÄMPLE.COM") == "zoë@exämple.com")
    #expect(CredentialRules.normalizedEmail("   ") == "")
  }

  @Test("each problem has a distinct code and a message")
  func codesAndMessages() {
    let all: [EmailProblem] = [
      .empty, .tooLong(maximum: 254), .containsWhitespace, .controlCharacter, .missingAt,
      .multipleAt, .missingLocalPart, .invalidDomain,
    ]
    #expect(Set(all.map(\.code)).count == all.count)
    #expect(all.allSatisfy { $0.code.hasPrefix("email_") && $0.message.hasSuffix(".") })
    #expect(EmailProblem.tooLong(maximum: 254).message.contains("254"))
  }
}
