import Localization
import LoginCore
import Testing
import UserModel

/// A form refused on the device: `AuthFailure.code` is the precise reason, the field problem's
/// own code, so a program switching on it sees what went wrong.
@Suite("A refused form's code is the precise reason")
struct InvalidFormCodeTests {
  /// An identifier typed against a rule, and the codes its failure must carry.
  struct Case: Sendable, CustomTestStringConvertible {
    let rule: IdentifierRule
    let typed: String
    let code: String
    let fieldCode: String
    var testDescription: String { "\(rule.name) \(code)" }

    init(_ rule: IdentifierRule, _ typed: String, _ code: String, field: String) {
      self.rule = rule
      self.typed = typed
      self.code = code
      self.fieldCode = field
    }
  }

  static let memberNumber = IdentifierRule(
    name: "member number", normalize: { $0 },
    problem: { $0.count == 8 ? nil : IdentifierProblem(code: "member_number_length", message: "m") }
  )

  static let long = String(repeating: "a", count: 151)
  static let ascii = IdentifierRule.username(keepingCase: true, asciiOnly: true)

  static let cases: [Case] = [
    Case(.username, " ", "username_empty", field: "invalid_identifier"),
    Case(.username, long, "username_too_long", field: "invalid_identifier"),
    Case(.username, "ann/rides", "username_invalid", field: "invalid_identifier"),
    Case(ascii, "Zoë", "username_invalid", field: "invalid_identifier"),
    Case(.phoneNumber, "", "phone_empty", field: "invalid_identifier"),
    Case(.phoneNumber, "12", "phone_invalid", field: "invalid_identifier"),
    Case(memberNumber, "1", "member_number_length", field: "invalid_identifier"),
    Case(.email, "", "email_empty", field: "invalid_email"),
    Case(.email, "ann", "email_missing_at", field: "invalid_email"),
    Case(.email, "ann@example", "email_invalid_domain", field: "invalid_email"),
    Case(.email, "a@b@example.com", "email_multiple_at", field: "invalid_email"),
  ]

  @Test("each identifier problem gives its own code, not the field's", arguments: cases)
  func identifierProblems(entry: Case) throws {
    let problem = try #require(entry.rule.problem(in: entry.typed))
    let failure = AuthFailure.refused(.invalidForm(problem))
    #expect(failure.code == entry.code)
    #expect(failure.code == problem.reasonCode)
    // The field's API code stays on the problem, for a server answering with it.
    #expect(problem.code == entry.fieldCode)
    Texts.$scopedLanguage.withValue(.english) {
      #expect(failure.description == "\(entry.code): \(problem.message)")
    }
  }

  @Test("the password and the name give their own codes too")
  func otherFields() {
    #expect(AuthFailure.refused(.invalidForm(.password(.empty))).code == "password_empty")
    #expect(
      AuthFailure.refused(.invalidForm(.password(.tooShort(minimum: 8)))).code
        == "password_too_short")
    #expect(AuthFailure.refused(.invalidForm(.name(.tooLong(maximum: 50)))).code == "name_too_long")
    #expect(
      AuthFailure.refused(.invalidForm(.name(.controlCharacter))).code
        == "name_control_character")
  }

  @Test("a field the server refused keeps the field's code")
  func serverRefusal() {
    #expect(
      AuthFailure.refused(.invalidInput(.identifier, message: "")).code == "invalid_identifier")
    #expect(AuthFailure.refused(.invalidInput(.password, message: "")).code == "invalid_password")
  }
}
