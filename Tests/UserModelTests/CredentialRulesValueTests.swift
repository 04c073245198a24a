import Testing
import UserModel

/// The password and name rules are a value an app declares, like its identifier rule; the
/// default is one such value (issue #31, 3).
@Suite("CredentialRules as a value")
struct CredentialRulesValueTests {
  @Test("every check reads the value's numbers and kinds, not fixed ones")
  func checksReadTheValue() throws {
    let rules = CredentialRules(
      minimumPasswordLength: 4, requiredPasswordCharacters: [.digit], strongPasswordLength: 6,
      maximumNameLength: 3)
    #expect(rules.passwordProblem(in: "ab1") == .tooShort(minimum: 4))
    #expect(rules.passwordProblem(in: "1234") == nil)  // no letter asked for
    #expect(rules.passwordProblem(in: "abcd") == .missingDigit)
    #expect(rules.passwordStrength(of: "aB1-x") == .fair)
    #expect(rules.passwordStrength(of: "aB1-xy") == .strong)
    #expect(rules.nameProblem(in: "Ann") == nil)
    #expect(rules.nameProblem(in: "Anne") == .tooLong(maximum: 3))
    let form = SignUpCredentials(
      identifier: "ann@example.com", password: "1234", name: " Ann ", type: UserType("member"))
    #expect(try rules.validated(form).name == "Ann")
    #expect(throws: CredentialProblem.password(.tooShort(minimum: 8))) {
      try CredentialRules.default.validated(form)
    }
  }

  @Test("no required kinds means length alone; letters of any script count as letters")
  func requiredKinds() {
    let lengthOnly = CredentialRules(requiredPasswordCharacters: [])
    #expect(lengthOnly.passwordProblem(in: "--------") == nil)
    let letters = CredentialRules(requiredPasswordCharacters: [.letter])
    #expect(letters.passwordProblem(in: "12345678") == .missingLetter)
    #expect(letters.passwordProblem(in: "1234567漢") == nil)
  }

  @Test("the default is policy-neutral: 8 characters of any kind, strong from 12, names to 50")
  func defaultValue() {
    let rules = CredentialRules.default
    #expect(rules == CredentialRules())
    #expect(rules.minimumPasswordLength == 8 && rules.strongPasswordLength == 12)
    #expect(rules.requiredPasswordCharacters == [])
    #expect(rules.maximumNameLength == 50)
  }

  @Test("the default asks for no kinds of character (NIST SP 800-63B): length alone")
  func defaultAsksNoKinds() throws {
    let rules = CredentialRules.default
    for password in ["abcdefgh", "12345678", "--------", "密码密码密码密码"] {
      #expect(rules.passwordProblem(in: password) == nil, "\(password)")
    }
    #expect(rules.passwordProblem(in: "abcdefg") == .tooShort(minimum: 8))
    #expect(rules.passwordStrength(of: "abcdefgh") == .fair)
    #expect(rules.passwordStrength(of: "Abcdefghijk-") == .strong)
    let form = SignUpCredentials(
      identifier: "ann@example.com", password: "abcdefgh", name: nil, type: UserType("member"))
    #expect(try rules.validated(form).password == "abcdefgh")
  }

  @Test("the deprecated static checks keep the rules they always checked by")
  @available(*, deprecated)
  func deprecatedStaticsUnchanged() {
    #expect(CredentialRules.passwordProblem(in: "abcdefgh") == .missingDigit)
    #expect(CredentialRules.passwordStrength(of: "abcdefgh") == .weak)
  }
}
