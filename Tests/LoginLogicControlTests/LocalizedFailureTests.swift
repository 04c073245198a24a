import Localization
import LoginCore
import LoginLogicControl
import TestSupport
import Testing

/// LoginLogicControl's and LoginCore's sentences come from their tables, in English and 简体中文.
@Suite("login texts in English and 简体中文")
struct LocalizedFailureTests {
  @Test("every key exists in both languages, and every key is used by its module")
  func tables() throws {
    #expect(
      try LocalizationAudit.problems(
        table: "LoginLogicControl", bundle: LoginLogicControlResources.bundle,
        folder: "Modules/LoginLogicControl", helper: "LoginLogicText.text") == [])
    #expect(
      try LocalizationAudit.problems(
        table: "LoginCore", bundle: LoginCoreResources.bundle, folder: "Modules/LoginCore",
        helper: "LoginCoreText.text") == [])
  }

  @Test("failures speak the chosen language, counted forms included")
  func chinese() {
    Texts.$scopedLanguage.withValue(.simplifiedChinese) {
      #expect(LoginFailure.wrongIdentifierOrPassword(.email).message == "邮箱或密码不正确。")
      #expect(
        LoginFailure.wrongCode(attemptsLeft: 2).message == "验证码不正确，还可以再试 2 次。")
      #expect(LoginFailure.locked(minutes: 1).message == "失败次数过多，请 1 分钟后再试。")
      #expect(LoginFailure.unsupported(.signUp).message == "您的账号服务商不支持注册。")
      #expect(LoginFailure.invalidInput(.email(.empty)).errorDescription == "请输入邮箱地址。")
      // A field the server refused: LoginCore's sentence, never an empty one.
      let refused = LoginFailure(LoginError(refused: .password, serverMessage: "Too short."))
      #expect(refused.message == "该密码未通过验证，请换一个更安全的密码。")
      #expect(
        LoginFailure(LoginError(refused: .identifier, serverMessage: "Bad.")).message
          == "服务器未接受该登录名，请检查后重试。")
    }
    Texts.$scopedLanguage.withValue(.english) {
      #expect(
        LoginFailure.wrongCode(attemptsLeft: 1).message == "That code is wrong; 1 attempt left.")
      #expect(
        LoginFailure.locked(minutes: 5).message
          == "Too many failed attempts; try again in 5 minutes.")
      #expect(
        LoginFailure.unsupported(.signUp).message
          == "Your account provider does not offer sign-up here.")
      // In English the server's own words are shown.
      #expect(
        LoginFailure(LoginError(refused: .password, serverMessage: "Too short.")).message
          == "Too short.")
    }
  }
}
