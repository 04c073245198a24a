import Foundation
import Localization
import LoginCore
import TestSupport
import Testing
import UserModel

/// AuthFailure's sentences come from LoginCore's table, in English and 简体中文; its
/// `description` stays English for logs.
@Suite("LoginCore's texts in English and 简体中文")
struct LocalizedAuthFailureTests {
  @Test("every key exists in both languages, and every key is used by LoginCore")
  func table() throws {
    #expect(
      try LocalizationAudit.problems(
        table: "LoginCore", bundle: TextTable.loginCore.bundle, folder: "Modules/LoginCore",
        helper: "TextTable.loginCore.text") == [])
  }

  @Test("English: waits in seconds up to a minute, then in whole minutes rounded up")
  func english() {
    Texts.$scopedLanguage.withValue(.english) {
      #expect(
        AuthFailure.refused(.locked(retryAfterSeconds: 0)).message
          == "Too many failed attempts; try again in 1 second.")
      #expect(
        AuthFailure.refused(.locked(retryAfterSeconds: 60)).message
          == "Too many failed attempts; try again in 60 seconds.")
      #expect(
        AuthFailure.refused(.locked(retryAfterSeconds: 61)).message
          == "Too many failed attempts; try again in 2 minutes.")
      #expect(
        AuthFailure.unavailable(.busy(retryAfterSeconds: Int.max)).message
          == "The server is busy right now; try again in 153,722,867,280,912,931 minutes.")
      #expect(
        AuthFailure.refused(.invalidCode(attemptsLeft: 0)).message
          == "That code is wrong; 0 attempts left.")
      #expect(
        AuthFailure.unavailable(.serverTrouble("HTTP 500")).errorDescription
          == "The server is having trouble; try again in a moment.")
      #expect(
        AuthFailure.unsupported(.signUp).message
          == "Your account provider does not offer sign-up here.")
      #expect(
        AuthFailure.refused(.invalidInput(.password, message: "Use a longer password.")).message
          == "Use a longer password.")
      #expect(
        AuthFailure.refused(.invalidInput(.identifier, message: "")).message
          == "The server did not accept this sign-in name; check it and try again.")
      #expect(
        AuthFailure.refused(.identifierTaken(.username)).message
          == "That username is taken; choose another or sign in instead.")
      #expect(
        AuthFailure.refused(.invalidCredentials(.phoneNumber)).message
          == "The phone number or password is wrong.")
      #expect(
        AuthFailure.refused(.invalidCredentials(IdentifierKind(rawValue: "memberNumber")))
          .message == "The sign-in name or password is wrong.")
    }
  }

  @Test("Chinese, counted forms included; description stays English with its detail")
  func chinese() {
    Texts.$scopedLanguage.withValue(.simplifiedChinese) {
      #expect(AuthFailure.refused(.invalidCredentials(.email)).message == "邮箱或密码不正确。")
      #expect(AuthFailure.refused(.identifierTaken(.username)).message == "该用户名已被使用，请换一个或直接登录。")
      #expect(
        AuthFailure.refused(.invalidCode(attemptsLeft: 1)).message == "验证码不正确，还可以再试 1 次。")
      #expect(
        AuthFailure.refused(.invalidCode(attemptsLeft: 2)).message == "验证码不正确，还可以再试 2 次。")
      #expect(
        AuthFailure.refused(.locked(retryAfterSeconds: 300)).message == "失败次数过多，请 5 分钟后再试。")
      #expect(
        AuthFailure.unavailable(.busy(retryAfterSeconds: 1)).message == "服务器当前繁忙，请 1 秒后再试。")
      #expect(AuthFailure.unsupported(.signUp).errorDescription == "您的账号服务商不支持注册。")
      #expect(AuthFailure.unavailable(.storage("disk full")).message == "本设备的存储出错（disk full），请重试。")
      #expect(AuthFailure.refused(.invalidForm(.email(.empty))).errorDescription == "请输入邮箱地址。")
      #expect(
        AuthFailure.refused(.invalidInput(.password, message: "")).message
          == "该密码未通过验证，请换一个更安全的密码。")
      #expect(
        AuthFailure.refused(.invalidInput(.name, message: "")).message == "该姓名未通过验证，请检查后重试。")
      #expect(
        AuthFailure.unavailable(.storage("disk full")).description
          == "storage_failed: This device's storage failed (disk full); try again."
      )
      #expect(
        AuthFailure.unsupported(.signUp).description
          == "unsupported_sign_up: Your account provider does not offer sign-up here.")
    }
  }

  @Test("naming(_:) gives a refusal the service's identifier kind, and leaves the rest")
  func naming() {
    #expect(
      AuthFailure.refused(.invalidCredentials(.email)).naming(.username)
        == .refused(.invalidCredentials(.username)))
    #expect(
      AuthFailure.refused(.identifierTaken(.email)).naming(.phoneNumber)
        == .refused(.identifierTaken(.phoneNumber)))
    #expect(AuthFailure.refused(.codeExpired).naming(.username) == .refused(.codeExpired))
    #expect(AuthFailure.unavailable(.offline).naming(.username) == .unavailable(.offline))
  }
}
