import Foundation
import Localization
import TestSupport
import Testing
import UserModel

/// UserModel's sentences come from its tables, in English and Simplified Chinese.
@Suite("UserModel's texts in English and 简体中文", .serialized)
struct LocalizedTextTests {
  @Test("every key exists in both languages, and every key is used by the module")
  func tables() throws {
    #expect(
      try LocalizationAudit.problems(
        table: "UserModel", bundle: TextTable.userModel.bundle, folder: "Modules/UserModel",
        helper: "TextTable.userModel.text") == [])
  }

  @Test("the problems and the strength label speak the chosen language")
  func chinese() {
    Texts.$scopedLanguage.withValue(.simplifiedChinese) {
      #expect(EmailProblem.missingAt.message == "邮箱地址需要包含 @，例如 ann@example.com。")
      #expect(PasswordProblem.tooShort(minimum: 8).message == "密码至少需要 8 个字符。")
      #expect(PasswordStrength.strong.message == "强")
      #expect(UserType(rawValue: "dispatcher")?.displayName == "dispatcher")
      #expect(CredentialProblem.name(.tooLong(maximum: 50)).message == "名字最多 50 个字符。")
      #expect(IdentifierRule.username.problem(in: "a b")?.message.hasPrefix("用户名") == true)
    }
    Texts.$scopedLanguage.withValue(.english) {
      #expect(
        EmailProblem.missingAt.message == "An email address needs an @, as in ann@example.com.")
      #expect(PasswordProblem.tooShort(minimum: 8).message == "Use at least 8 characters.")
      #expect(PasswordStrength.strong.message == "Strong")
      #expect(UserType.admin.displayName == "admin")
    }
  }

  @Test("a user type has no name in the package; the app's UserModel table names it")
  func appNamesItsTypes() throws {
    // A raw value no other suite names: another suite, running meanwhile, may hold an app
    // table that names `curator` (LoginLogicControl's), and the reads outside
    // `AppTexts.with` take no lock.
    let cataloguer = UserType("cataloguer")
    #expect(TextTable.userModel.table(in: .english).keys.filter { $0.hasPrefix("userType.") }
      .isEmpty)
    #expect(cataloguer.displayName == "cataloguer")
    let tables = [
      "en": ["UserModel": #""userType.cataloguer" = "keeper";"#],
      "zh-Hans": ["UserModel": #""userType.cataloguer" = "馆员";"#],
    ]
    try AppTexts.with(tables) {
      Texts.$scopedLanguage.withValue(.english) {
        #expect(cataloguer.displayName == "keeper")
        #expect(UserType("dispatcher").displayName == "dispatcher")
      }
      Texts.$scopedLanguage.withValue(.simplifiedChinese) {
        #expect(cataloguer.displayName == "馆员")
      }
    }
    #expect(cataloguer.displayName == "cataloguer")
  }

  @Test("a language without tables falls back to English, never to the key")
  func fallback() {
    let french = TextTable.userModel.text("email.empty", language: TextLanguage(code: "fr"))
    #expect(french == "Enter your email address.")
  }

  @Test("an app's own table wins over the module's, key by key; the rest still comes from the module")
  func appReplacesTexts() throws {
    // French, a language no other test speaks, so the replaced texts never reach a test that
    // runs at the same time.
    let french = TextLanguage(code: "fr")
    let text = { (key: String) in
      TextTable.userModel.text(key, language: french)
    }
    let table = #""email.empty" = "Votre adresse e-mail, s’il vous plaît.";"#
    let tables = ["fr": ["UserModel": table]]
    try AppTexts.with(tables, replacing: true) {
      #expect(text("email.empty") == "Votre adresse e-mail, s’il vous plaît.")
      #expect(text("password.empty") == "Enter a password.")
      #expect(
        TextTable.userModel.text("email.empty", language: .english) == "Enter your email address.")
    }
    try AppTexts.with([:], replacing: true) {
      #expect(text("email.empty") == "Enter your email address.")
    }
  }

  @Test("a Locale chooses the language the same way as its identifier")
  func locale() {
    #expect(TextLanguage(locale: Locale(identifier: "zh_CN")) == .simplifiedChinese)
    #expect(TextLanguage(locale: Locale(identifier: "zh-Hans-SG")) == .simplifiedChinese)
    #expect(TextLanguage(locale: Locale(identifier: "en_AU")) == .english)
    #expect(TextLanguage(locale: Locale(identifier: "zh_TW")) == .traditionalChinese)
    #expect(TextLanguage(locale: Locale(identifier: "fr_FR")) == TextLanguage(code: "fr-FR"))
    #expect(TextLanguage(locale: Locale(identifier: "en_US_POSIX")) == .english)
  }

  @Test(
    "locale names choose the language: zh_CN.UTF-8 is 简体中文, C and others are English",
    arguments: [
      (["LANG": "zh_CN.UTF-8"], TextLanguage.simplifiedChinese),
      (["LC_ALL": "zh-Hans"], .simplifiedChinese),
      (["LC_ALL": "C", "LANG": "zh_CN.UTF-8"], .english),
      (["LC_MESSAGES": "zh_SG.UTF-8", "LANG": "en_US.UTF-8"], .simplifiedChinese),
      (["LANG": "zh_TW.UTF-8"], .english),
      (["LANG": "de_DE.UTF-8"], .english),
      ([:], .english),
    ] as [([String: String], TextLanguage)])
  func environment(variables: [String: String], language: TextLanguage) {
    #expect(TextLanguage.fromEnvironment(variables) == language)
  }
}
