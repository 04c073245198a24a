import Foundation
import Localization
import Testing
import UserModel

/// `IdentifierRule.username(keepingCase:asciiOnly:)` takes what Django's default user model
/// takes: `UnicodeUsernameValidator` (`^[\w.@+-]+\Z`), or `ASCIIUsernameValidator` with
/// `asciiOnly`, and `max_length=150`, on the username as Django's forms store it (NFKC).
@Suite("Usernames as Django takes them")
struct DjangoUsernameTests {
  static let django = IdentifierRule.username(keepingCase: true)
  static let ascii = IdentifierRule.username(keepingCase: true, asciiOnly: true)

  /// The code of the first problem, or `nil` when the username is usable.
  static func problemCode(_ rule: IdentifierRule, _ typed: String) -> String? {
    guard let problem = rule.problem(in: typed) else { return nil }
    guard case .identifier(let found) = problem else { return "not an identifier problem" }
    return found.code
  }

  @Test(
    "Django's usernames are accepted and sent as typed",
    arguments: [
      "ann+rides@x", "a.b-c_d", "Zoë", "a", "René", "أحمد", "李小龙", "ᴮᴵᴳᴮᴵᴿᴰ", "user²", "Ⅻ",
      "٣٤٥", "ª", String(repeating: "a", count: 150), String(repeating: "é", count: 150),
    ])
  func accepted(typed: String) {
    #expect(Self.problemCode(Self.django, typed) == nil)
    #expect(Self.django.normalized(typed) == typed.precomposedForm)
  }

  @Test(
    "what Django refuses is refused, with the precise code",
    arguments: [
      ("", "username_empty"), ("   ", "username_empty"), ("ann rides", "username_invalid"),
      ("ann/rides", "username_invalid"), ("ann!", "username_invalid"),
      ("o'connell", "username_invalid"), ("عبد ال", "username_invalid"),
      ("zero\u{200B}width", "username_invalid"), ("non\u{A0}breaking", "username_invalid"),
      ("en\u{2013}dash", "username_invalid"), ("ann\u{1B}[31m", "username_invalid"),
      ("a\u{0}b", "username_invalid"), ("connector\u{203F}tie", "username_invalid"),
      ("rides🚗", "username_invalid"), ("x\u{0301}\u{0301}", "username_invalid"),
      (String(repeating: "a", count: 151), "username_too_long"),
      (String(repeating: "é", count: 151), "username_too_long"),
    ] as [(String, String)])
  func refused(typed: String, code: String) {
    #expect(Self.problemCode(Self.django, typed) == code)
    #expect(Self.django.problem(in: typed)?.code == "invalid_identifier")
  }

  @Test("the username is checked and sent as Django stores it: trimmed, NFKC")
  func normalisedLikeDjango() {
    // A decomposed ë (e and a combining diaeresis) is stored composed; the mark alone is not
    // a word character, so a check of the raw scalars would refuse it.
    let decomposed = "Zoe\u{0308}"
    #expect(Self.problemCode(Self.django, decomposed) == nil)
    #expect(Self.django.normalized(decomposed) == "Zo\u{EB}")
    #expect(Self.django.normalized(" ａｎｎ\n") == "ann")
    #expect(Self.django.normalized("ᴮᴵᴳ") == "BIG")
    // 300 scalars that compose to 150: within Django's max_length.
    #expect(Self.problemCode(Self.django, String(repeating: "e\u{0301}", count: 150)) == nil)
    #expect(IdentifierRule.username.normalized(" Zoe\u{0308}+Rides ") == "zo\u{EB}+rides")
  }

  @Test(
    "asciiOnly is Django's ASCIIUsernameValidator",
    arguments: [
      ("glenn", nil), ("GLEnN", nil), ("jean-marc", nil), ("ann+rides@x", nil),
      ("a.b-c_d9", nil), ("ａｎｎ", nil), ("Éric", "username_invalid"),
      ("jean marc", "username_invalid"), ("أحمد", "username_invalid"),
      ("user٣", "username_invalid"), ("user²", nil),
      (String(repeating: "a", count: 151), "username_too_long"),
    ] as [(String, String?)])
  func asciiOnly(typed: String, code: String?) {
    #expect(Self.problemCode(Self.ascii, typed) == code)
  }

  @Test("each problem has its sentence, in English and 简体中文")
  func sentences() {
    let long = String(repeating: "a", count: 151)
    Texts.$scopedLanguage.withValue(.english) {
      #expect(Self.django.problem(in: "")?.message == "Enter your username.")
      #expect(
        Self.django.problem(in: long)?.message == "A username can have at most 150 characters.")
      #expect(
        Self.django.problem(in: "a b")?.message
          == "Use only letters, digits and @ . + - _ in a username.")
      #expect(
        Self.ascii.problem(in: "Zoë")?.message
          == "Use only the letters A–Z, the digits 0–9 and @ . + - _ in a username.")
    }
    Texts.$scopedLanguage.withValue(.simplifiedChinese) {
      #expect(Self.django.problem(in: long)?.message == "用户名最多 150 个字符。")
      #expect(
        Self.django.problem(in: "a b")?.message == "用户名只能包含字母、数字和 @ . + - _ 这几个符号。")
      #expect(
        Self.ascii.problem(in: "Zoë")?.message
          == "用户名只能包含英文字母 A–Z、数字 0–9 和 @ . + - _ 这几个符号。")
    }
  }
}

extension String {
  /// The string in NFKC, as Django's `normalize_username` stores it.
  fileprivate var precomposedForm: String { precomposedStringWithCompatibilityMapping }
}
