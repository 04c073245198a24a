import Localization
import LoginCore
import LoginLogicControl
import TestSupport
import Testing

/// LoginLogicControl's and LoginCore's sentences come from their tables, in English and
/// 简体中文.
@Suite("login texts in English and 简体中文")
struct LocalizedFailureTests {
  @Test("every key exists in both languages, and every key is used by LoginLogicControl")
  func tables() throws {
    #expect(
      try LocalizationAudit.problems(
        table: "LoginLogicControl", bundle: TextTable.loginLogicControl.bundle,
        folder: "Modules/LoginLogicControl", helper: "TextTable.loginLogicControl.text") == [])
  }

  @Test("the failures a logic control reports speak the chosen language")
  func chinese() {
    Texts.$scopedLanguage.withValue(.simplifiedChinese) {
      #expect(AuthFailure.refused(.malformedCode).message == "请输入收到的 6 位验证码。")
      #expect(
        AuthFailure.unsupported(.resendCode).message
          == "无法在此重新发送验证码，请输入已收到的验证码，或重新登录。")
      #expect(AuthFailure.unavailable(.inProgress).message == "正在登录，请稍候。")
    }
    Texts.$scopedLanguage.withValue(.english) {
      #expect(
        AuthFailure.refused(.malformedCode).message == "Enter the 6-digit code from your message.")
      #expect(
        AuthFailure.unsupported(.resendCode).message
          == "A new code can't be sent from here; enter the code you have, or sign in again.")
      #expect(AuthFailure.refused(.notSignedIn).message == "You are signed out; sign in again.")
    }
  }
}
