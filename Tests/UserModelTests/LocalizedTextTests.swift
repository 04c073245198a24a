import Foundation
import Localization
import Testing
import UserModel

/// UserModel's sentences come from its tables, in English and Simplified Chinese.
@Suite("UserModel's texts in English and 简体中文", .serialized)
struct LocalizedTextTests {
  static let root = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  @Test("every key exists in both languages, and every key is used by the module")
  func tables() throws {
    let english = Texts.table("UserModel", bundle: UserModelResources.bundle, language: .english)
    let chinese = Texts.table(
      "UserModel", bundle: UserModelResources.bundle, language: .simplifiedChinese)
    #expect(english.count >= 20)
    #expect(Set(english.keys) == Set(chinese.keys))
    // Placeholders match: a translation keeps every {name} of the English text.
    for (key, text) in english {
      let names = Set(text.matches(of: #/\{[a-z]+\}/#).map { String($0.output) })
      let translated = Set(
        (chinese[key] ?? "").matches(of: #/\{[a-z]+\}/#).map { String($0.output) })
      #expect(names == translated, "\(key)")
    }
    // Every key is asked for by the module's sources, and nothing else is asked for.
    let folder = Self.root.appendingPathComponent("Modules/UserModel")
    var used: Set<String> = []
    for file in try FileManager.default.contentsOfDirectory(atPath: folder.path)
    where file.hasSuffix(".swift") {
      let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
      for match in text.matches(of: #/UserModelText\.text\("([A-Za-z.]+)"/#) {
        used.insert(String(match.output.1))
      }
    }
    #expect(used == Set(english.keys))
  }

  @Test("the problems and the strength label speak the chosen language")
  func chinese() {
    Texts.$scopedLanguage.withValue(.simplifiedChinese) {
      #expect(EmailProblem.missingAt.message == "邮箱地址需要包含 @，例如 ann@example.com。")
      #expect(PasswordProblem.tooShort(minimum: 8).message == "密码至少需要 8 个字符。")
      #expect(PasswordStrength.strong.message == "强")
      #expect(CredentialProblem.name(.tooLong(maximum: 50)).message == "名字最多 50 个字符。")
      #expect(IdentifierRule.username.problem(in: "a b")?.message.hasPrefix("用户名") == true)
    }
    Texts.$scopedLanguage.withValue(.english) {
      #expect(
        EmailProblem.missingAt.message == "An email address needs an @, as in ann@example.com.")
      #expect(PasswordProblem.tooShort(minimum: 8).message == "Use at least 8 characters.")
      #expect(PasswordStrength.strong.message == "Strong")
    }
  }

  @Test("a language without tables falls back to English, never to the key")
  func fallback() {
    let french = Texts.string(
      "email.empty", table: "UserModel", bundle: UserModelResources.bundle,
      language: TextLanguage(code: "fr"))
    #expect(french == "Enter your email address.")
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
