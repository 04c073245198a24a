import Foundation
import Testing

/// The interactive screens speak the language of `LANG`: 简体中文 under `zh_CN.UTF-8`, English
/// under `C`. Menus take their labels in the language shown, and numbers in any.
@Suite("interactive screens in 简体中文 and English")
struct LocalizedScreenTests {
  private static let chinese = ["LANG": "zh_CN.UTF-8"]

  /// The English words of the screens these runs pass through.
  private static let englishWords = [
    "[Welcome]", "Choose", "Sign up", "Sign in", "Email", "Password", "Hello",
    "signed in as", "Creating your account", "Type 'back'",
  ]

  private func run(
    _ fixture: KooberFixture, _ answers: [String], language: [String: String]
  ) async throws -> ProcessResult {
    try await fixture.run(
      [], stdin: answers.joined(separator: "\n") + "\n", extraEnvironment: language)
  }

  @Test("LANG=zh_CN.UTF-8: welcome, sign-up by its Chinese label, the passenger home, profile")
  func signUpInChinese() async throws {
    let fixture = try KooberFixture()
    defer { fixture.remove() }
    let answers = ["注册", "ann@example.com", "Pass1234", "Ann", "乘客", "个人资料", "返回", "退出"]
    let session = try await run(fixture, answers, language: Self.chinese)
    #expect(session.status == 0)
    #expect(session.titles == ["[欢迎]", "[注册]", "[乘客首页]", "[个人资料]", "[乘客首页]"])
    let screen = session.stdout
    #expect(screen.contains("Koober：畅行悉尼，从注册到司机上门接您，一站搞定。\n  1) 登录\n  2) 注册\n"))
    #expect(screen.contains("请选择：注册\n"))
    #expect(screen.contains("输入“返回”可回到上一步。密码至少 8 个字符，需包含字母和数字。\n"))
    #expect(screen.contains("邮箱：ann@example.com\n密码：\n"))
    #expect(screen.contains("姓名（选填）：Ann\n账号类型（乘客或司机） [乘客]：乘客\n正在创建账号……\n"))
    #expect(screen.contains("您好，Ann！您已登录乘客账号。\n"))
    #expect(screen.contains("  1) 估算车费\n  2) 叫车\n  3) 行程状态\n"))
    #expect(screen.contains("退出登录\n"))
    // The labels are equally wide, so the values start right after them.
    #expect(
      screen.contains(
        "姓名：Ann\n邮箱：ann@example.com\n类型：乘客\n  1) 修改姓名\n  2) 通行密钥\n  3) 返回\n"))
    #expect(Transcript.alerts(in: screen).isEmpty)
    for word in Self.englishWords { #expect(!screen.contains(word), "\(word)") }
  }

  @Test("LANG=zh_CN.UTF-8: menu numbers and the English words still work")
  func numbersInChinese() async throws {
    let fixture = try KooberFixture()
    defer { fixture.remove() }
    let answers = ["2", "bob@example.com", "Pass1234", "", "driver", "7"]
    let session = try await run(fixture, answers, language: Self.chinese)
    #expect(session.status == 0)
    #expect(session.titles == ["[欢迎]", "[注册]", "[司机首页]"])
    #expect(session.stdout.contains("您好，bob@example.com！您已登录司机账号。\n"))
    #expect(session.stdout.contains("  1) 待接行程\n"))
  }

  @Test("LANG=zh_CN.UTF-8: a wrong password alerts in Chinese and asks again")
  func wrongPasswordInChinese() async throws {
    let fixture = try KooberFixture()
    defer { fixture.remove() }
    try await fixture.makeAccount("ann@example.com", type: "passenger", password: "Pass1234")
    let session = try await run(
      fixture, ["登录", "ann@example.com", "Wrong1234"], language: Self.chinese)
    #expect(session.status == 0)
    #expect(session.titles == ["[欢迎]", "[登录]"])
    #expect(Transcript.alerts(in: session.stdout) == ["! 邮箱或密码不正确。"])
    #expect(session.stdout.contains("输入“返回”可回到上一步，输入“注册”可创建账号。\n"))
    #expect(session.stdout.contains("正在登录……\n"))
    #expect(session.stdout.hasSuffix("邮箱 [ann@example.com]：\n"))
    for word in Self.englishWords { #expect(!session.stdout.contains(word), "\(word)") }
  }

  @Test("LANG=zh_CN.UTF-8: a guest's account-only feature asks for a sign-in in Chinese")
  func guestGateInChinese() async throws {
    let fixture = try KooberFixture()
    defer { fixture.remove() }
    let answers = ["以访客身份浏览", "个人资料", "返回", "退出"]
    let session = try await run(fixture, answers, language: Self.chinese)
    #expect(session.status == 0)
    #expect(session.titles == ["[欢迎]", "[访客首页]", "[登录]", "[访客首页]"])
    #expect(session.stdout.contains("  2) 叫车（需要乘客账号）\n"))
    #expect(
      Transcript.alerts(in: session.stdout) == ["! “个人资料”需要账号，登录后 Koober 会带您回到这里。"])
  }

  @Test("LANG=zh_CN.UTF-8: a ride is requested, cancelled and listed in Chinese")
  func rideInChinese() async throws {
    let fixture = try KooberFixture()
    defer { fixture.remove() }
    // The simulated driver waits its default 10 s, so the ride can still be cancelled.
    let session = try fixture.startInteractive(extraEnvironment: Self.chinese)
    for answer in ["注册", "ann@example.com", "Pass1234", "Ann", "乘客"] {
      try session.send(answer)
    }
    try await session.waitFor("[乘客首页]")
    try session.send("叫车")
    try await session.waitFor("上车地点：Circular Quay（您当前的位置）。\n输入“返回”可回到首页。\n")
    try session.send("opera")
    try await session.waitFor("与“opera”匹配的地点：\n  1. Sydney Opera House\n")
    try session.send("1")
    try await session.waitFor("前往 Sydney Opera House 的车费：\n")
    try session.send("wallaby")
    try await session.waitFor("确认叫一辆沙袋鼠前往 Sydney Opera House，车费 A$9.00？（是或否） [是]：")
    try session.send("是")
    try await session.waitFor("[行程状态]\nCircular Quay → Sydney Opera House · 沙袋鼠 · A$9.00\n")
    try await session.waitFor("  1) 取消行程\n  2) 返回首页\n")
    try session.send("取消行程")
    try await session.waitFor("正在取消……\n")
    try await session.waitFor("  1) 返回首页\n")
    try session.send("返回首页")
    try await session.waitFor("[乘客首页]")
    try session.send("我的行程")
    try await session.waitFor("全部行程：\n  ride_")
    try await session.waitFor("  已取消  Circular Quay → Sydney Opera House · 沙袋鼠 · A$9.00\n")
    try session.send("返回首页")
    try await session.waitFor("[乘客首页]")
    #expect(try await session.finish() == 0)
    #expect(Transcript.alerts(in: session.transcript).isEmpty)
  }

  @Test("LANG=zh_CN.UTF-8: an unusable data folder and a bad setting are refused in Chinese")
  func startupFailuresInChinese() async throws {
    let fixture = try KooberFixture()
    defer { fixture.remove() }
    let file = fixture.folder.url("plain-file")
    try Data("x".utf8).write(to: file)
    let folder = try await ProcessRunner.run(
      ["--data-dir", file.path, "status"], environment: fixture.environment(Self.chinese))
    #expect(folder.status == 1)
    #expect(folder.stderr == "koober: Koober 无法使用数据文件夹 \(file.path)：已有同名的文件。\n")
    // A system error (ENOTDIR) in the language shown too.
    let inside = file.appendingPathComponent("sub").path
    let below = try await ProcessRunner.run(
      ["--data-dir", inside, "status"], environment: fixture.environment(Self.chinese))
    #expect(below.status == 1)
    #expect(below.stderr == "koober: Koober 无法使用数据文件夹 \(inside)：路径中有一部分不是文件夹。\n")
    let setting = try await fixture.run(
      ["status"], extraEnvironment: ["LANG": "zh_CN.UTF-8", "KOOBER_DEMO_STEP_SECONDS": "abc"])
    #expect(setting.status == 2)
    #expect(
      setting.stderr == "koober: KOOBER_DEMO_STEP_SECONDS 必须是 0 到 86400 之间的秒数，而不是“abc”。\n")
  }

  @Test("LANG=C: the same sign-up and wrong password are in English, with no Chinese")
  func sameRunsInEnglish() async throws {
    let fixture = try KooberFixture()
    defer { fixture.remove() }
    let english = ["LANG": "C"]
    let answers = ["2", "ann@example.com", "Pass1234", "Ann", "passenger", "Sign out"]
    let signUp = try await run(fixture, answers, language: english)
    #expect(signUp.status == 0)
    #expect(signUp.titles == ["[Welcome]", "[Sign up]", "[Passenger home]", "[Welcome]"])
    #expect(signUp.stdout.contains("Choose: 2\n"))
    #expect(signUp.stdout.contains("Account type, passenger or driver [passenger]: passenger\n"))
    #expect(signUp.stdout.contains("Hello, Ann! You are signed in as a passenger.\n"))
    let wrong = try await run(fixture, ["Sign in", "", "Wrong1234"], language: english)
    #expect(wrong.status == 0)
    #expect(wrong.titles == ["[Welcome]", "[Sign in]"])
    #expect(Transcript.alerts(in: wrong.stdout) == ["! The email or password is wrong."])
    #expect(wrong.stdout.hasSuffix("Email [ann@example.com]: \n"))
    for screen in [signUp.stdout, wrong.stdout] {
      #expect(!screen.unicodeScalars.contains { (0x3000...0x9FFF).contains($0.value) })
    }
  }
}
