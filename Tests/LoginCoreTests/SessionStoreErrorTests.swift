import Foundation
import Localization
import LoginCore
import Testing
import UserModel

/// `SessionStore` and `SessionStoreError` live in LoginCore, below the database and the
/// network: this target links neither, and the sentences come from LoginCore's own tables.
@Suite("The session store's seam in LoginCore")
struct SessionStoreErrorTests {
  /// A store that keeps nothing, to show the protocol is implementable with LoginCore alone.
  struct Forgetful: SessionStore {
    func load() throws(SessionStoreError) -> UserSession? { nil }
    func save(_ session: UserSession) throws(SessionStoreError) {}
    func clear() throws(SessionStoreError) {}
  }

  @Test("a store written against LoginCore alone runs its work at once by default")
  func defaultExclusively() async throws {
    let store = Forgetful()
    #expect(try store.load() == nil)
    #expect(try await store.exclusively { 42 } == 42)
  }

  @Test("the failures keep their codes and read from LoginCore's table in both languages")
  func sentences() {
    let failures: [SessionStoreError] = [
      .unreadable("EACCES"), .corrupt("bad plist"), .unsupportedVersion(9),
      .writeFailed("ENOSPC"), .removeFailed("EBUSY"),
    ]
    #expect(
      failures.map(\.code) == [
        "session_unreadable", "session_corrupt", "session_unsupported_version",
        "session_write_failed", "session_remove_failed",
      ])
    let keys = ["unreadable", "corrupt", "unsupportedVersion", "writeFailed", "removeFailed"]
    let values: [[String: String]] = [
      ["detail": "EACCES"], ["detail": "bad plist"], ["version": "9"], ["detail": "ENOSPC"],
      ["detail": "EBUSY"],
    ]
    for language in [TextLanguage.english, .simplifiedChinese] {
      Texts.$scopedLanguage.withValue(language) {
        for (index, failure) in failures.enumerated() {
          let expected = TextTable.loginCore.text(
            "store." + keys[index], values[index], language: language)
          #expect(!expected.hasPrefix("store."))
          #expect(failure.message == expected)
          #expect(failure.errorDescription == expected)
        }
      }
    }
    Texts.$scopedLanguage.withValue(.english) {
      #expect(
        SessionStoreError.unsupportedVersion(2).message
          == "The saved session was written by a newer version of the app (format 2).")
    }
    Texts.$scopedLanguage.withValue(.simplifiedChinese) {
      #expect(SessionStoreError.writeFailed("ENOSPC").message == "无法保存登录状态（ENOSPC）。")
    }
  }
}
