import Foundation
import Localization
import LoginCore
import ServiceUser
import TestSupport
import Testing

/// ServiceUser's errors come from its table, in English and 简体中文.
@Suite("ServiceUser's texts in English and 简体中文")
struct LocalizedServiceUserErrorTests {
  @Test("every key exists in both languages, and every key is used by ServiceUser")
  func table() throws {
    #expect(
      try LocalizationAudit.problems(
        table: "ServiceUser", bundle: TextTable.serviceUser.bundle,
        folder: "Modules/ServiceUser", helper: "TextTable.serviceUser.text") == [])
  }

  @Test("the errors read as before in English")
  func english() {
    Texts.$scopedLanguage.withValue(.english) {
      #expect(ServiceUserError.notSignedIn.message == "No one is signed in.")
      #expect(
        ServiceUserError.accountDatabase("disk I/O error").errorDescription
          == "The account database failed: disk I/O error.")
      #expect(
        SessionStoreError.unsupportedVersion(2).message
          == "The saved session was written by a newer version of the app (format 2).")
      #expect(
        ServiceUserError.sessionStore(.writeFailed("no space")).message
          == "The session could not be saved (no space).")
    }
  }

  @Test("the errors speak Chinese, the technical detail kept as it is")
  func chinese() {
    Texts.$scopedLanguage.withValue(.simplifiedChinese) {
      #expect(ServiceUserError.notSignedIn.message == "当前没有已登录的账号。")
      #expect(
        ServiceUserError.accountDatabaseTooNew.errorDescription
          == "账号数据库来自更新版本的应用，请更新应用。")
      #expect(
        SessionStoreError.corrupt("not a session property list").message
          == "已保存的登录状态已损坏（not a session property list），已原样保留。")
      #expect(
        ServiceUserError.sessionStore(.unsupportedVersion(2)).errorDescription
          == "已保存的登录状态来自更新版本的应用（格式 2）。")
    }
  }
}
