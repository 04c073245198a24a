import Foundation
import Testing

/// koober's help and usage errors in the language the environment or `--lang` asks for.
@Suite("help and usage errors in English and 简体中文")
struct LocalizedHelpTests {
  /// `koober <arguments>` with `variables` added to the test environment.
  private func run(
    _ arguments: [String], _ variables: [String: String], in fixture: KooberFixture
  ) async throws -> ProcessResult {
    try await ProcessRunner.run(arguments, environment: fixture.environment(variables))
  }

  @Test("--help under LANG=zh_CN.UTF-8 is all in Chinese; under LANG=C all in English")
  func helpFollowsLang() async throws {
    let fixture = try KooberFixture()
    defer { fixture.remove() }
    let chinese = try await run(["--help"], ["LANG": "zh_CN.UTF-8"], in: fixture)
    let english = try await run(["--help"], ["LANG": "C"], in: fixture)
    #expect(chinese.status == 0)
    #expect(english.status == 0)
    let chineseLines = chinese.stdout.components(separatedBy: "\n")
    let englishLines = english.stdout.components(separatedBy: "\n")
    #expect(chineseLines.count == englishLines.count)
    // The only lines the two share are blank ones and the one naming a variable alone.
    #expect(
      Set(chineseLines).intersection(englishLines) == [
        "", "  KOOBER_REQUEST_TIMEOUT_SECONDS", "  KOOBER_REFRESH_WINDOW_SECONDS",
      ])
    for line in [
      "koober: Koober 网约车示例，从注册到首页。", "用法", "命令",
      "全局选项（可放在任何命令之前或之后）",
      "  sign-in                    登录（需要验证码时退出码为 3）。",
      "  --lang LANG                语言：en 或 zh-Hans（默认取自 LANG 等环境变量）。",
      "  -h, --help                 显示帮助。", "退出码",
      "  0 成功，1 失败，2 用法错误，3 需要验证码，4 未登录",
      "  KOOBER_DEMO_ACCEPT_SECONDS 演示模式：行程等待真实司机的秒数，",
      "                             之后由模拟司机接单（10）。",
    ] {
      #expect(chineseLines.contains(line), "missing: \(line)")
    }
    #expect(!english.stdout.unicodeScalars.contains { $0.value >= 0x2E80 })
    for line in ["USAGE", "COMMANDS", "EXIT CODES", "ENVIRONMENT"] {
      #expect(englishLines.contains(line))
    }
    #expect(
      englishLines.contains(
        "  --lang LANG                The language, en or zh-Hans (else from LANG)."))
  }

  @Test("the help's columns line up in Chinese, measured in terminal columns")
  func chineseColumns() async throws {
    let fixture = try KooberFixture()
    defer { fixture.remove() }
    let help = try await run(["--help"], ["LANG": "zh_CN.UTF-8"], in: fixture).stdout
    let lines = help.components(separatedBy: "\n")
    let usageRows = try Self.section("用法", in: lines)
    #expect(usageRows.count == 2)
    for row in usageRows {
      #expect(Self.descriptionColumn(row) == 45, "\(row)")
    }
    // Commands, global options and environment: every description starts in column 29.
    let tableRows = try ["命令", "全局选项（可放在任何命令之前或之后）", "环境变量"]
      .flatMap { try Self.section($0, in: lines) }
      .filter {
        $0 != "  KOOBER_REQUEST_TIMEOUT_SECONDS" && $0 != "  KOOBER_REFRESH_WINDOW_SECONDS"
      }
    #expect(tableRows.count == 54)  // 48 before `accounts` and `switch`, 50 before `passkey`
    for row in tableRows {
      #expect(Self.descriptionColumn(row) == 29, "\(row)")
    }
  }

  @Test("LC_ALL wins over LANG, and LANG=C is English")
  func lcAllWins() async throws {
    let fixture = try KooberFixture()
    defer { fixture.remove() }
    let chinese = try await run(
      ["--help"], ["LC_ALL": "zh_CN.UTF-8", "LANG": "C"], in: fixture)
    #expect(chinese.stdout.hasPrefix("koober: Koober 网约车示例，从注册到首页。\n"))
    let english = try await run(
      ["--help"], ["LC_ALL": "C", "LANG": "zh_CN.UTF-8"], in: fixture)
    #expect(
      english.stdout.hasPrefix(
        "koober: the Koober ride-hailing example, from sign-up to the home screen.\n"))
  }

  @Test("--lang wins over the environment, before or after the command, as --lang=…")
  func langOptionWins() async throws {
    let fixture = try KooberFixture()
    defer { fixture.remove() }
    let english = try await run(["help", "status"], ["LANG": "C"], in: fixture)
    let chinese = try await run(["help", "status"], ["LANG": "zh_CN.UTF-8"], in: fixture)
    #expect(english.stdout != chinese.stdout)
    let forcedEnglish = try await run(
      ["--lang", "en", "help", "status"], ["LANG": "zh_CN.UTF-8"], in: fixture)
    #expect(forcedEnglish.stdout == english.stdout)
    let forcedChinese = try await run(
      ["help", "status", "--lang=zh-Hans"], ["LANG": "C", "LC_ALL": "en_US.UTF-8"], in: fixture)
    #expect(forcedChinese.stdout == chinese.stdout)
  }

  @Test("a usage error is in the --lang language even when --lang comes after the mistake")
  func usageErrorInChosenLanguage() async throws {
    let fixture = try KooberFixture()
    defer { fixture.remove() }
    let chinese = try await run(
      ["sign-in", "--mail", "x", "--lang", "zh-Hans"], ["LANG": "C"], in: fixture)
    #expect(chinese.status == 2)
    #expect(
      chinese.stderr
        == "koober: 'sign-in' 不支持选项 '--mail'\n运行 'koober help sign-in' 查看用法。\n")
    let english = try await run(
      ["rides", "cancel", "--lang=en"], ["LANG": "zh_CN.UTF-8"], in: fixture)
    #expect(english.status == 2)
    #expect(
      english.stderr
        == "koober: 'rides cancel' needs a ride id (koober rides cancel ID)\n"
        + "Run 'koober help rides cancel' for usage.\n")
  }

  @Test(
    "--lang with a language koober does not speak exits 2 and names en and zh-Hans",
    arguments: [["--lang", "fr"], ["status", "--lang=zh-TW"], ["--lang="]])
  func unknownLanguage(arguments: [String]) async throws {
    let fixture = try KooberFixture()
    defer { fixture.remove() }
    // The value as typed, and the help the usage error points at.
    let value = arguments.last.map { $0.hasPrefix("--lang=") ? String($0.dropFirst(7)) : $0 }
    let help = arguments.first == "status" ? "koober help status" : "koober --help"
    let english = try await run(arguments, ["LANG": "C"], in: fixture)
    #expect(english.status == 2)
    #expect(english.stdout.isEmpty)
    #expect(english.stderr.hasPrefix("koober: '--lang' is en or zh-Hans, not '"))
    #expect(
      english.stderr
        == "koober: '--lang' is en or zh-Hans, not '\(value ?? "")'\nRun '\(help)' for usage.\n")
    let chinese = try await run(arguments, ["LANG": "zh_CN.UTF-8"], in: fixture)
    #expect(chinese.status == 2)
    #expect(chinese.stderr.hasPrefix("koober: '--lang' 只能是 en 或 zh-Hans，不能是“"))
    #expect(
      chinese.stderr
        == "koober: '--lang' 只能是 en 或 zh-Hans，不能是“\(value ?? "")”\n运行 '\(help)' 查看用法。\n")
    #expect(!FileManager.default.fileExists(atPath: fixture.dataFolder.path))
  }

  /// The lines under a heading, up to the next blank line.
  static func section(_ heading: String, in lines: [String]) throws -> [String] {
    let start = try #require(lines.firstIndex(of: heading), "no heading \(heading)")
    return Array(lines[(start + 1)...].prefix { !$0.isEmpty })
  }

  /// The terminal column where a help row's description starts: after its left column, or
  /// after the indent of a continuation line. Wide (CJK) characters count two columns.
  static func descriptionColumn(_ row: String) -> Int {
    let indent = row.prefix { $0 == " " }
    let rest = row.dropFirst(indent.count)
    guard indent.count == 2 else { return columns(indent) }
    // The left column is ASCII words; the description is what follows its padding, the
    // first run of spaces that is followed by a wide character or a run of 2 or more.
    var index = rest.startIndex
    while index < rest.endIndex {
      if rest[index] == " " {
        let spaces = rest[index...].prefix { $0 == " " }
        let next = spaces.endIndex
        if next < rest.endIndex, spaces.count >= 2 || columns(String(rest[next])) == 2 {
          return columns(indent) + columns(rest[..<next])
        }
        index = next
      } else {
        index = rest.index(after: index)
      }
    }
    return -1
  }

  /// Terminal columns: two for CJK ideographs, kana, Hangul and fullwidth forms, else one.
  static func columns<S: StringProtocol>(_ text: S) -> Int {
    text.unicodeScalars.reduce(0) { total, scalar in
      switch scalar.value {
      case 0x1100...0x115F, 0x2E80...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF,
        0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6:
        total + 2
      default:
        total + 1
      }
    }
  }
}
