import Foundation
import KooberWire
import Localization
import TestSupport
import Testing
import UserModel
import WireFormat

/// Koober's user types and password and name rules are Koober's, declared in KooberWire: the
/// generic UserModel declares no type and only a default policy (issue #31, 3).
@Suite("Koober's user types and credential rules, on Koober's side")
struct KooberVocabularyTests {
  @Test("passenger and driver are the contract's words, read from a User object")
  func types() throws {
    #expect(UserType.passenger.rawValue == "passenger")
    #expect(UserType.driver.rawValue == "driver")
    let json = Data(#"{"id":"usr_1","email":"dan@example.com","name":null,"type":"driver"}"#.utf8)
    #expect(try WireJSON.decoder().decode(KooberWire.User.self, from: json).type == .driver)
  }

  @Test("Koober's rules are the contract's: 8 with a letter and a digit, names to 50")
  func rules() {
    let rules = CredentialRules.koober
    #expect(rules.passwordProblem(in: "abcdef1") == .tooShort(minimum: 8))
    #expect(rules.passwordProblem(in: "abcdefgh") == .missingDigit)
    #expect(rules.passwordProblem(in: "12345678") == .missingLetter)
    #expect(rules.passwordProblem(in: "abcdefg1") == nil)
    #expect(rules.passwordStrength(of: "abcdefgh-12X") == .strong)
    #expect(rules.nameProblem(in: String(repeating: "a", count: 51)) == .tooLong(maximum: 50))
  }

  @Test("KooberWire's bundle names Koober's types in English and 简体中文; the package alone does not")
  func typeNames() {
    AppTexts.with(bundles: [KooberWire.textBundle]) {
      Texts.$scopedLanguage.withValue(.english) {
        #expect(UserType.passenger.displayName == "passenger")
        #expect(UserType.driver.displayName == "driver")
      }
      Texts.$scopedLanguage.withValue(.simplifiedChinese) {
        #expect(UserType.passenger.displayName == "乘客")
        #expect(UserType.driver.displayName == "司机")
      }
    }
    AppTexts.with(bundles: []) {
      Texts.$scopedLanguage.withValue(.simplifiedChinese) {
        #expect(UserType.driver.displayName == "driver")
      }
    }
  }

  @Test("KooberWire's UserModel tables hold both types and their plurals, in en and zh-Hans")
  func typeNameTables() {
    // The English names equal the raw values, so the displayName checks above pass without
    // the bundle: read the tables themselves.
    let table = TextTable("UserModel", bundle: KooberWire.textBundle)
    let expected: [TextLanguage: [String: String]] = [
      .english: [
        "userType.passenger": "passenger", "userType.passenger.plural": "passengers",
        "userType.driver": "driver", "userType.driver.plural": "drivers",
      ],
      .simplifiedChinese: [
        "userType.passenger": "乘客", "userType.passenger.plural": "乘客",
        "userType.driver": "司机", "userType.driver.plural": "司机",
      ],
    ]
    for (language, texts) in expected {
      let read = table.table(in: language)
      for (key, text) in texts {
        #expect(read[key] == text, "\(language.code) \(key)")
      }
    }
  }

  @Test("the package's default accepts a password of letters alone; Koober's refuses it")
  func defaultAndKooberDiffer() {
    #expect(CredentialRules.default.passwordProblem(in: "abcdefgh") == nil)
    #expect(CredentialRules.koober.passwordProblem(in: "abcdefgh") == .missingDigit)
    #expect(CredentialRules.default.passwordProblem(in: "12345678") == nil)
    #expect(CredentialRules.koober.passwordProblem(in: "12345678") == .missingLetter)
    #expect(CredentialRules.koober != .default)
  }
}
