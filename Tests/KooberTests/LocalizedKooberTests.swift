import Foundation
import Localization
import TestSupport
import Testing

/// koober's own words come from its tables, in English and 简体中文.
@Suite("koober's texts in English and 简体中文")
struct LocalizedKooberTests {
  /// koober's resource bundle, built beside the executable.
  static var bundle: Bundle? {
    Bundle(url: KooberBinary.url.deletingLastPathComponent()
      .appendingPathComponent("Koober_Koober.resources"))
  }

  @Test("every key of both tables exists in both languages, and every key is used")
  func tables() throws {
    let bundle = try #require(Self.bundle)
    #expect(
      try LocalizationAudit.problems(
        table: "Koober", bundle: bundle, folder: "Examples/Koober", helper: "TextTable.koober.text")
        == [])
    #expect(
      try LocalizationAudit.problems(
        table: "KooberCommands", bundle: bundle, folder: "Examples/Koober",
        helper: "TextTable.kooberCommands.text") == [])
  }

  @Test("a usage error under LANG=zh_CN.UTF-8 points at help in Chinese; LANG=C in English")
  func usageHint() async throws {
    let fixture = try KooberFixture()
    defer { fixture.remove() }
    let chinese = try await ProcessRunner.run(
      ["sign-in", "--mail", "x"], environment: fixture.environment(["LANG": "zh_CN.UTF-8"]))
    #expect(chinese.status == 2)
    #expect(chinese.stderr.contains("运行 'koober help sign-in' 查看用法。"))
    #expect(
      chinese.stderr
        == "koober: 'sign-in' 不支持选项 '--mail'\n运行 'koober help sign-in' 查看用法。\n")
    let english = try await ProcessRunner.run(
      ["sign-in", "--mail", "x"], environment: fixture.environment(["LANG": "C"]))
    #expect(english.stderr.contains("Run 'koober help sign-in' for usage."))
    #expect(
      english.stderr
        == "koober: unknown option '--mail' for 'sign-in'\nRun 'koober help sign-in' for usage.\n")
    #expect(english.status == 2)
  }
}
