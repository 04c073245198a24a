import Localization
import LoginViewModel
import TestSupport
import Testing

/// The code screen's texts come from LoginViewModel's table, in English and 简体中文 (the
/// English ones are asserted in CodeViewModelTests' sequences).
@MainActor
@Suite("LoginViewModel's texts in English and 简体中文")
struct LocalizedCodeTextTests {
  @Test("every key exists in both languages, and every key is used by LoginViewModel")
  func table() throws {
    #expect(
      try LocalizationAudit.problems(
        table: "LoginViewModel", bundle: TextTable.loginViewModel.bundle,
        folder: "Modules/LoginViewModel", helper: "TextTable.loginViewModel.text") == [])
  }

  @Test("the code field's errors and the attempts left speak Chinese, counted forms included")
  func chinese() {
    Texts.$scopedLanguage.withValue(.simplifiedChinese) {
      let model = CodeViewModel()
      let log = ViewEventLog.recording(model)
      model.codeChanged("12a")
      model.codeChanged("1234567")
      model.attemptsLeftChanged(2)
      model.attemptsLeftChanged(1)
      model.attemptsLeftChanged(0)
      #expect(
        log.take() == [
          .codeError("请只输入数字。"), .codeError("验证码为 6 位数字。"),
          .attemptsLeft("还可以再试 2 次"), .attemptsLeft("还可以再试 1 次"),
          .attemptsLeft("已无剩余次数"),
        ])
      #expect(model.countdownText == "1:00")
    }
  }
}
