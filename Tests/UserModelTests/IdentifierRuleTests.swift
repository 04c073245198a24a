import Testing
import UserModel

@Suite("Identifier rules: email by default, username and phone number ready")
struct IdentifierRuleTests {
  @Test("email is CredentialRules' email rule, with its own problems")
  func email() {
    #expect(IdentifierRule.email.normalized(" Ann@Example.com ") == "ann@example.com")
    #expect(IdentifierRule.email.problem(in: "ann@example") == .email(.invalidDomain))
    #expect(IdentifierRule.email.problem(in: "ann@example.com") == nil)
    #expect(IdentifierRule.email.problem(in: "ann") == .email(.missingAt))
  }

  @Test(
    "usernames: Django's, compared lower-cased; the API code names the field",
    arguments: [
      (" Ann.Lee ", "ann.lee", nil), ("ann_lee-2", "ann_lee-2", nil), ("", "", "username_empty"),
      ("ab", "ab", nil), ("ann lee", "ann lee", "username_invalid"),
      ("ann@example.com", "ann@example.com", nil), ("Zoë", "zoë", nil),
      ("ann\u{1B}[31m", "ann\u{1B}[31m", "username_invalid"),
    ] as [(String, String, String?)])
  func username(typed: String, normalized: String, problem: String?) {
    #expect(IdentifierRule.username.normalized(typed) == normalized)
    #expect(
      IdentifierRule.username.problem(in: typed)?.code == problem.map { _ in "invalid_identifier" })
    if case .identifier(let found)? = IdentifierRule.username.problem(in: typed) {
      #expect(found.code == problem)
    } else {
      #expect(problem == nil)
    }
  }

  @Test("a username rule that keeps case sends the username as typed, trimmed; same problems")
  func usernameKeepingCase() {
    let rule = IdentifierRule.username(keepingCase: true)
    #expect(rule.normalized(" Ann.Lee ") == "Ann.Lee")
    #expect(rule.normalized("ann.lee") != rule.normalized("Ann.Lee"))
    #expect(rule.name == "username")
    let long = String(repeating: "É", count: 151)
    for typed in ["", "ab", "ann lee", "zoë", "Ann.Lee", "İpek", "a/b", long] {
      #expect(rule.problem(in: typed) == IdentifierRule.username.problem(in: typed))
    }
    #expect(IdentifierRule.username(keepingCase: false).normalized(" Ann.Lee ") == "ann.lee")
  }

  @Test(
    "phone numbers: E.164 after dropping spaces, dashes, dots and brackets",
    arguments: [
      ("+44 20 7946 0958", "+442079460958", nil), ("+1 (555) 010-0199", "+15550100199", nil),
      ("", "", "phone_empty"), ("020 7946 0958", "02079460958", "phone_invalid"),
      ("+0123456789", "+0123456789", "phone_invalid"), ("+12345", "+12345", "phone_invalid"),
      ("+1234567890123456", "+1234567890123456", "phone_invalid"),
      ("+44 20 7946 O958", "+44207946O958", "phone_invalid"),
    ] as [(String, String, String?)])
  func phone(typed: String, normalized: String, problem: String?) {
    #expect(IdentifierRule.phoneNumber.normalized(typed) == normalized)
    if case .identifier(let found)? = IdentifierRule.phoneNumber.problem(in: typed) {
      #expect(found.code == problem)
    } else {
      #expect(problem == nil)
    }
  }

  @Test("validated(_:identifier:) checks and normalises with the rule given")
  func validated() throws {
    let credentials = SignInCredentials(identifier: " Ann.Lee ", password: "x")
    #expect(throws: CredentialProblem.email(.missingAt)) {
      try CredentialRules.validated(credentials)
    }
    let ready = try CredentialRules.validated(credentials, identifier: .username)
    #expect(ready.identifier == "ann.lee")
    let form = SignUpCredentials(
      identifier: "+44 20 7946 0958", password: "Pass1234word", name: nil, type: .admin)
    #expect(
      try CredentialRules.default.validated(form, identifier: .phoneNumber).identifier
        == "+442079460958")
    let problem = CredentialProblem.identifier(IdentifierProblem(code: "c", message: "m"))
    #expect(problem.code == "invalid_identifier")
  }
}
