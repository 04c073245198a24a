import Foundation
import Localization
import LoginCore
import TestSupport
import Testing

/// LoginError's sentences come from LoginCore's table, in English and 简体中文; AuthFailure's
/// developer sentences stay English.
@Suite("LoginCore's texts in English and 简体中文")
struct LocalizedLoginErrorTests {
  @Test("every key exists in both languages, and every key is used by LoginCore")
  func table() throws {
    #expect(
      try LocalizationAudit.problems(
        table: "LoginCore", bundle: LoginCoreResources.bundle, folder: "Modules/LoginCore",
        helper: "LoginCoreText.text") == [])
  }

  @Test("English messages: waits in seconds up to a minute, then in whole minutes rounded up")
  func english() {
    Texts.$scopedLanguage.withValue(.english) {
      #expect(
        LoginError.locked(retryAfterSeconds: 0).message
          == "Too many failed attempts; try again in 1 second.")
      #expect(
        LoginError.locked(retryAfterSeconds: 60).message
          == "Too many failed attempts; try again in 60 seconds.")
      #expect(
        LoginError.locked(retryAfterSeconds: 61).message
          == "Too many failed attempts; try again in 2 minutes.")
      #expect(
        LoginError.serverBusy(retryAfterSeconds: Int.max).message
          == "The server is busy; try again in 153,722,867,280,912,931 minutes.")
      #expect(
        LoginError.invalidCode(attemptsLeft: 0).message == "The code is wrong; 0 attempts left.")
      #expect(
        LoginError.serverTrouble("HTTP 500").errorDescription
          == "The server had a problem: HTTP 500")
      #expect(LoginError.unsupported(.signUp).message == "This server does not offer sign-up.")
      #expect(
        LoginError(refused: .password, serverMessage: "Use a longer password.").message
          == "Use a longer password.")
      #expect(
        LoginError.invalidIdentifier("").message
          == "The server did not accept this sign-in name; check it and try again.")
    }
  }

  @Test("LoginError speaks Chinese, counted forms included; AuthFailure stays English")
  func chinese() {
    Texts.$scopedLanguage.withValue(.simplifiedChinese) {
      #expect(LoginError.invalidCredentials(.email).message == "邮箱或密码不正确。")
      #expect(
        LoginError.invalidCode(attemptsLeft: 1).message == "验证码不正确，还可以再试 1 次。")
      #expect(
        LoginError.invalidCode(attemptsLeft: 2).message == "验证码不正确，还可以再试 2 次。")
      #expect(
        LoginError.locked(retryAfterSeconds: 300).message == "失败次数过多，请 5 分钟后再试。")
      #expect(
        LoginError.serverBusy(retryAfterSeconds: 1).message == "服务器繁忙，请 1 秒后再试。")
      #expect(LoginError.unsupported(.signUp).errorDescription == "此服务器不支持注册。")
      #expect(LoginError.storage("disk full").message == "无法保存到本设备：disk full")
      // A server's English refusal is replaced by LoginCore's sentence for the field.
      let refused = LoginError(refused: .password, serverMessage: "Use a longer password.")
      #expect(refused == .weakPassword(""))
      #expect(refused.message == "该密码未通过验证，请换一个更安全的密码。")
      #expect(
        LoginError(refused: .identifier, serverMessage: "Bad email.").message
          == "服务器未接受该登录名，请检查后重试。")
      #expect(LoginError(refused: .name, serverMessage: "x").message == "该姓名未通过验证，请检查后重试。")
      #expect(LoginError(refused: .userType, serverMessage: "x") == .invalidType)
      #expect(
        AuthFailure.unsupported(.signUp).message == "This server does not offer sign-up.")
    }
  }
}
