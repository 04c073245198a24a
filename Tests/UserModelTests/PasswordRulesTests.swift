import Testing
import UserModel

/// The password checks' mechanism, under rules that ask for a letter and a digit (as a server
/// such as the reference backend does; the default asks for no kinds).
@Suite("Password rules")
struct PasswordRulesTests {
  static let letterAndDigit = CredentialRules(requiredPasswordCharacters: [.letter, .digit])

  @Test(
    "passwords with 8+ characters, a Unicode letter and a digit 0–9 pass",
    arguments: ["abcdefg1", "1234567a", "пароль12", "密码密码密码密1", "ÉTÉ 2026", "        a1"]
  )
  func validPasswords(password: String) {
    #expect(Self.letterAndDigit.passwordProblem(in: password) == nil)
  }

  @Test(
    "weak passwords report their first problem",
    arguments: [
      ("", PasswordProblem.empty),
      ("abcdef1", .tooShort(minimum: 8)),
      ("a1", .tooShort(minimum: 8)),
      ("12345678", .missingLetter),
      ("1234!@#$", .missingLetter),
      ("abcdefgh", .missingDigit),
      ("пароль-пароль", .missingDigit),
      ("abcdefg١", .missingDigit),
      ("١٢٣٤٥٦٧٨", .missingLetter),
    ]
  )
  func weakPasswords(password: String, expected: PasswordProblem) {
    #expect(Self.letterAndDigit.passwordProblem(in: password) == expected)
  }

  @Test("7 characters are too short and 8 are enough")
  func boundary() {
    #expect(Self.letterAndDigit.passwordProblem(in: "abcdef1") == .tooShort(minimum: 8))
    #expect(Self.letterAndDigit.passwordProblem(in: "abcdefg1") == nil)
  }

  @Test("a letter with a combining accent counts as one character")
  func graphemeLength() {
    let sevenCharacters = "e\u{301}e\u{301}e\u{301}e\u{301}e\u{301}e\u{301}1"
    #expect(sevenCharacters.unicodeScalars.count == 13)
    #expect(Self.letterAndDigit.passwordProblem(in: sevenCharacters) == .tooShort(minimum: 8))
  }

  @Test(
    "strength is weak when a rule fails, strong when long and varied, fair otherwise",
    arguments: [
      ("", PasswordStrength.weak),
      ("abc", .weak),
      ("abcdefgh", .weak),
      ("abcdefg1", .fair),
      ("abcdefghijk1", .fair),
      ("Abcdefg1", .fair),
      ("Abcdefghijk1", .strong),
      ("abcdefghij-1", .strong),
      ("密码密码密码密码密码密1", .fair),
      ("密码密码密码密码密码a1", .strong),
    ]
  )
  func strength(password: String, expected: PasswordStrength) {
    #expect(Self.letterAndDigit.passwordStrength(of: password) == expected)
  }

  @Test("strengths are ordered and labelled")
  func strengthOrder() {
    #expect(PasswordStrength.weak < .fair && PasswordStrength.fair < .strong)
    #expect(PasswordStrength.allCases.map(\.message) == ["Weak", "Fair", "Strong"])
  }

  @Test("each problem has a distinct code and a message")
  func codesAndMessages() {
    let all: [PasswordProblem] = [.empty, .tooShort(minimum: 8), .missingLetter, .missingDigit]
    #expect(Set(all.map(\.code)).count == all.count)
    #expect(PasswordProblem.tooShort(minimum: 8).message == "Use at least 8 characters.")
  }
}
