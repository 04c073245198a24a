import Foundation
import Localization
import LoginCore
import Testing
import UserModel

/// `SessionStore` lives in LoginCore, below the database and the network, and fails with the
/// stack's one failure, `AuthFailure`: this target links neither, and the sentences come from
/// LoginCore's own tables.
@Suite("The session store's seam in LoginCore")
struct SessionStoreSeamTests {
  /// A store that keeps nothing, to show the protocol is implementable with LoginCore alone.
  struct Forgetful: SessionStore {
    func load() throws(AuthFailure) -> UserSession? { nil }
    func save(_ session: UserSession) throws(AuthFailure) {}
    func clear() throws(AuthFailure) {}
    func exclusively<T: Sendable>(
      _ body: @Sendable () async throws(AuthFailure) -> T
    ) async throws(AuthFailure) -> T { try await body() }
  }

  /// A store that cannot read what it holds, nor write.
  struct Broken: SessionStore {
    func load() throws(AuthFailure) -> UserSession? {
      throw .unavailable(.sessionUnreadable("EACCES"))
    }
    func save(_ session: UserSession) throws(AuthFailure) {
      throw .unavailable(.storage("ENOSPC"))
    }
    func clear() throws(AuthFailure) { throw .unavailable(.storage("EBUSY")) }
    func exclusively<T: Sendable>(
      _ body: @Sendable () async throws(AuthFailure) -> T
    ) async throws(AuthFailure) -> T { try await body() }
  }

  @Test("a store written against LoginCore alone states its one-line exclusively")
  func oneLineExclusively() async throws {
    let store = Forgetful()
    #expect(try store.load() == nil)
    #expect(try await store.exclusively { 42 } == 42)
  }

  @Test("a one-line exclusively hands the work's failure back typed, as it is")
  func exclusivelyIsTyped() async {
    let store = Forgetful()
    // Typed throws end to end: this catch needs no cast, and would not compile on an
    // untyped `exclusively`.
    do throws(AuthFailure) {
      _ = try await store.exclusively { () async throws(AuthFailure) -> Int in
        throw .unavailable(.storage("lock file (test)"))
      }
      Issue.record("the work's failure was lost")
    } catch {
      #expect(error == .unavailable(.storage("lock file (test)")))
    }
  }

  @Test("a store's failures are AuthFailures that keep the session and read in both languages")
  func failures() {
    let store = Broken()
    #expect(throws: AuthFailure.unavailable(.sessionUnreadable("EACCES"))) { try store.load() }
    #expect(throws: AuthFailure.unavailable(.storage("ENOSPC"))) {
      try store.save(
        UserSession(
          user: User(id: "u", identifier: "a@example.com", name: nil, type: UserType("member")),
          accessToken: "at", accessTokenExpiresAt: Date(), refreshToken: nil))
    }
    let failures: [AuthFailure] = [
      .unavailable(.sessionUnreadable("bad plist")), .unavailable(.storage("ENOSPC")),
      .refused(.updateRequired),
    ]
    #expect(
      failures.map(\.code) == [
        "session_unavailable", "storage_failed", "account_database_too_new",
      ])
    #expect(failures.allSatisfy { !$0.endsSession })
    Texts.$scopedLanguage.withValue(.english) {
      #expect(
        failures[0].message
          == "The saved sign-in can't be read on this device and was left in place; try again.")
      #expect(failures[0].description.hasSuffix("(bad plist)"))
    }
    Texts.$scopedLanguage.withValue(.simplifiedChinese) {
      #expect(failures[0].message == "无法在本设备上读取已保存的登录状态，已原样保留；请重试。")
      #expect(failures[1].message == "本设备的存储出错（ENOSPC），请重试。")
    }
  }

  @Test("an account this device has never seen is refused in its own words")
  func unknownAccount() {
    let failure = AuthFailure.refused(.unknownAccount)
    #expect(failure.code == "unknown_account")
    #expect(!failure.endsSession)
    Texts.$scopedLanguage.withValue(.english) {
      #expect(failure.message == "No account with that id has signed in on this device.")
    }
    Texts.$scopedLanguage.withValue(.simplifiedChinese) {
      #expect(failure.message == "本设备上没有登录过该 ID 的账号。")
    }
  }
}
