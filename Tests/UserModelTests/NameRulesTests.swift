import Testing
import UserModel

@Suite("Name rules")
struct NameRulesTests {
  @Test(
    "names up to 50 scalars without control characters pass, emoji included",
    arguments: ["Ann", "Zoë O'Brien-Smith", "李小龙", "Ann 🚕", "👩‍👩‍👧‍👦 family"]
  )
  func validNames(name: String) {
    #expect(CredentialRules.default.nameProblem(in: name) == nil)
  }

  @Test("no name, an empty name and spaces only all mean no name")
  func emptyNames() {
    for name in [nil, "", "   ", "\u{3000}"] as [String?] {
      #expect(CredentialRules.default.nameProblem(in: name) == nil)
      #expect(CredentialRules.normalizedName(name) == nil)
    }
    #expect(CredentialRules.normalizedName("  Ann  ") == "Ann")
  }

  @Test("50 scalars pass and 51 are too long, counted after trimming")
  func lengthLimit() {
    let fifty = String(repeating: "a", count: 50)
    #expect(CredentialRules.default.nameProblem(in: fifty) == nil)
    #expect(CredentialRules.default.nameProblem(in: "  \(fifty)  ") == nil)
    #expect(CredentialRules.default.nameProblem(in: fifty + "b") == .tooLong(maximum: 50))
  }

  @Test("the limit counts Unicode scalars, so an emoji family of 7 scalars counts 7")
  func scalarCounting() {
    let family = "👩‍👩‍👧‍👦"
    #expect(family.unicodeScalars.count == 7)
    let name = String(repeating: family, count: 7) + "a"
    #expect(name.count == 8)
    #expect(CredentialRules.default.nameProblem(in: name) == nil)
    #expect(CredentialRules.default.nameProblem(in: name + "b") == .tooLong(maximum: 50))
  }

  @Test(
    "control characters anywhere are refused, never trimmed away",
    arguments: ["Ann\nSmith", "Ann\t", "\nAnn", "Ann\u{0}", "Ann\u{7}", "Ann\u{7F}", "Ann\u{85}"]
  )
  func controlCharacters(name: String) {
    #expect(CredentialRules.default.nameProblem(in: name) == .controlCharacter)
  }

  @Test("a format character (category Cf) is not a control character")
  func formatCharacterAllowed() {
    #expect(CredentialRules.default.nameProblem(in: "Ann\u{200D}") == nil)
  }
}
