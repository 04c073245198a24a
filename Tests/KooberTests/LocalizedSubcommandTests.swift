import Foundation
import Testing

/// What the subcommands print, in 简体中文 under `LANG=zh_CN.UTF-8` (the English sentences
/// are asserted by the subcommand tests).
@Suite("subcommands in 简体中文")
struct LocalizedSubcommandTests {
  private static let chinese = ["LANG": "zh_CN.UTF-8"]

  @Test("a passenger's status, sign-up, sign-out, wrong password and sign-in, in Chinese")
  func passengerInChinese() async throws {
    let fixture = try KooberFixture()
    defer { fixture.remove() }
    let signIn = ["sign-in", "--email", "ann@example.com", "--password-stdin"]

    let nobody = try await fixture.run(["status"], extraEnvironment: Self.chinese)
    #expect(nobody.status == 4)
    #expect(nobody.stdout == "未登录。\n")
    let created = try await fixture.run(
      [
        "sign-up", "--email", "ann@example.com", "--type", "passenger", "--name", "Ann",
        "--password-stdin",
      ],
      stdin: "Pass1234\n", extraEnvironment: Self.chinese)
    #expect(created.status == 0)
    #expect(created.stdout == "已登录：Ann <ann@example.com>（乘客）。\n")
    let status = try await fixture.run(["status"], extraEnvironment: Self.chinese)
    #expect(status.stdout == "已登录：Ann <ann@example.com>（乘客）。\n")
    let out = try await fixture.run(["sign-out"], extraEnvironment: Self.chinese)
    #expect(out.stdout == "已退出登录。\n")

    let wrong = try await fixture.run(signIn, stdin: "Wrong1234\n", extraEnvironment: Self.chinese)
    #expect(wrong.status == 1)
    #expect(wrong.stderr == "koober: 邮箱或密码不正确。\n")
    let right = try await fixture.run(
      signIn + ["--lang", "zh-Hans"], stdin: "Pass1234\n", extraEnvironment: ["LANG": "C"])
    #expect(right.status == 0)
    #expect(right.stdout == "已登录：Ann <ann@example.com>（乘客）。\n")
  }

  @Test("a driver is named a driver; no one signed in is told what to run, in Chinese")
  func driverAndRidesInChinese() async throws {
    let fixture = try KooberFixture()
    defer { fixture.remove() }
    let rides = try await fixture.run(["rides", "list"], extraEnvironment: Self.chinese)
    #expect(rides.status == 4)
    #expect(rides.stderr == "koober: 未登录：请先运行 'koober sign-in'（或 'koober sign-up'）。\n")
    let empty = try await fixture.run(
      ["outbox", "--to", "dan@example.com"], extraEnvironment: Self.chinese)
    #expect(empty.stdout == "没有发给 dan@example.com 的消息。\n")
    let driver = try await fixture.run(
      ["sign-up", "--email", "dan@example.com", "--type", "driver", "--password-stdin"],
      stdin: "Pass1234\n", extraEnvironment: Self.chinese)
    #expect(driver.stdout == "已登录：dan@example.com（司机）。\n")
    let queue = try await fixture.run(["driver", "queue"], extraEnvironment: Self.chinese)
    #expect(queue.status == 0)
    #expect(queue.stdout == "没有等待接单的行程。\n")
  }

  @Test("a missing password is a usage error in Chinese")
  func missingPasswordInChinese() async throws {
    let fixture = try KooberFixture()
    defer { fixture.remove() }
    let result = try await fixture.run(
      ["sign-in", "--email", "ann@example.com", "--password-stdin"],
      extraEnvironment: Self.chinese)
    #expect(result.status == 2)
    #expect(result.stderr == "koober: '--password-stdin' 未在标准输入的第一行读到密码\n")
  }
}
