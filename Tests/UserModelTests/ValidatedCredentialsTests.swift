import Testing
import UserModel
import WireFormat

@Suite("Validating whole forms")
struct ValidatedCredentialsTests {
  @Test("sign-in normalises the email and keeps the password exactly as typed")
  func signInNormalises() throws {
    let typed = SignInCredentials(identifier: "  Ann@Example.COM\n", password: " short ")
    let ready = try CredentialRules.validated(typed)
    #expect(ready == SignInCredentials(identifier: "ann@example.com", password: " short "))
  }

  @Test("sign-in refuses a malformed email before an empty password")
  func signInProblems() {
    #expect(throws: CredentialProblem.email(.missingAt)) {
      try CredentialRules.validated(SignInCredentials(identifier: "ann", password: ""))
    }
    #expect(throws: CredentialProblem.password(.empty)) {
      try CredentialRules.validated(SignInCredentials(identifier: "ann@example.com", password: ""))
    }
  }

  @Test("sign-up normalises email and name, and an empty name becomes nil")
  func signUpNormalises() throws {
    let typed = SignUpCredentials(
      identifier: " ZOË@Example.com ", password: "trail3rs", name: "  Zoë  ", type: .admin)
    #expect(
      try CredentialRules.default.validated(typed)
        == SignUpCredentials(
          identifier: "zoë@example.com", password: "trail3rs", name: "Zoë", type: .admin))
    var unnamed = typed
    unnamed.name = "   "
    #expect(try CredentialRules.default.validated(unnamed).name == nil)
  }

  @Test(
    "sign-up reports email, then password, then name, with the API's error codes",
    arguments: [
      (
        SignUpCredentials(identifier: "ann@", password: "short", name: "\n", type: .member),
        CredentialProblem.email(.invalidDomain), "invalid_email"
      ),
      (
        SignUpCredentials(identifier: "a@b.co", password: "short", name: "\n", type: .member),
        .password(.tooShort(minimum: 8)), "weak_password"
      ),
      (
        SignUpCredentials(identifier: "a@b.co", password: "longenough1", name: "\n", type: .admin),
        .name(.controlCharacter), "invalid_name"
      ),
    ]
  )
  func signUpProblems(form: SignUpCredentials, expected: CredentialProblem, code: String) {
    #expect(throws: expected) { try CredentialRules.default.validated(form) }
    #expect(expected.code == code)
  }

  @Test("a credential problem shows the field problem's message")
  func problemMessage() {
    #expect(CredentialProblem.email(.missingAt).message == EmailProblem.missingAt.message)
    #expect(CredentialProblem.name(.tooLong(maximum: 50)).message.contains("50"))
  }

  @Test("sign-up credentials encode in the package's own words, leaving out a nil name")
  func signUpBody() throws {
    let form = SignUpCredentials(
      identifier: "ann@example.com", password: "trail3rs", name: nil, type: .admin)
    let encoded = try WireJSON.encoder().encode(form)
    let body = String(decoding: encoded, as: UTF8.self)
    #expect(
      body == #"{"identifier":"ann@example.com","password":"trail3rs","type":"admin"}"#)
  }
}
