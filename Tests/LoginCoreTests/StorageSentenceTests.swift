import Localization
import LoginCore
import Testing

/// `.unavailable(.storage(_:))` stands for every failure of the device's storage (the
/// session's file, the account database, a user's database, the store's lock), so its
/// sentence names the storage, not a sign-in being saved, and shows what failed.
@Suite("The storage sentence is neutral and keeps its detail")
struct StorageSentenceTests {
  /// Failures of the device's storage that save no sign-in.
  static let notASave: [AuthFailure] = [
    .unavailable(.storage("account database: disk I/O error")),
    .unavailable(.storage("user database u-1: unable to open database file")),
    .unavailable(.storage("session.plist.lock: EACCES")),
  ]

  @Test("in English: the storage failed, with the detail; no sign-in is said to be unsaved")
  func english() {
    Texts.$scopedLanguage.withValue(.english) {
      for failure in Self.notASave {
        guard case .unavailable(let why) = failure, let detail = why.detail else {
          Issue.record("no detail in \(failure)")
          continue
        }
        #expect(failure.message == "This device's storage failed (\(detail)); try again.")
        #expect(!failure.message.contains("sign-in"))
        // The description shows the detail once.
        #expect(failure.description == "storage_failed: \(failure.message)")
      }
      #expect(
        AuthFailure.unavailable(.storage("")).message == "This device's storage failed; try again.")
    }
  }

  @Test("in 简体中文: the storage failed, with the detail")
  func chinese() {
    Texts.$scopedLanguage.withValue(.simplifiedChinese) {
      #expect(
        Self.notASave[0].message == "本设备的存储出错（account database: disk I/O error），请重试。")
      #expect(!Self.notASave[0].message.contains("登录状态"))
      #expect(AuthFailure.unavailable(.storage("")).message == "本设备的存储出错，请重试。")
    }
  }
}
