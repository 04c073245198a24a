import Foundation
import TestSupport
import Testing

/// `SessionStore.exclusively(_:)` has no default: a store written against the old, untyped
/// signature does not compile, rather than silently losing its lock to a default that runs
/// the work unlocked; a store of one process states it in one line.
@Suite("Every session store states its lock")
struct SessionStoreLockTests {
  /// A store with the given `exclusively(_:)`.
  static func store(exclusively: String) -> String {
    """
    import LoginCore
    import UserModel

    struct AppStore: SessionStore {
      func load() throws(AuthFailure) -> UserSession? { nil }
      func save(_ session: UserSession) throws(AuthFailure) {}
      func clear() throws(AuthFailure) {}
      \(exclusively)
    }

    """
  }

  @Test("a store with the old untyped exclusively fails to compile, naming the requirement")
  func oldSignatureFails() async throws {
    let work = try TemporaryDirectory(prefix: "store-lock")
    defer { work.remove() }
    let old = """
      func exclusively<T: Sendable>(
          _ body: @Sendable () async throws -> T
        ) async throws -> T { try await takeTheLock(); return try await body() }
        func takeTheLock() async throws {}
      """
    let result = try await TypeCheck.run(
      Self.store(exclusively: old), named: "Store.swift", in: work)
    #expect(!result.passed)
    #expect(
      result.output.contains("does not conform to protocol 'SessionStore'"),
      "\(result.output)")
  }

  @Test("a store without cross-process locking states a one-line exclusively and compiles")
  func oneLineCompiles() async throws {
    let work = try TemporaryDirectory(prefix: "store-lock")
    defer { work.remove() }
    let line = """
      func exclusively<T: Sendable>(
          _ body: @Sendable () async throws(AuthFailure) -> T
        ) async throws(AuthFailure) -> T { try await body() }
      """
    let result = try await TypeCheck.run(
      Self.store(exclusively: line), named: "Store.swift", in: work)
    #expect(result.passed, "\(result.output)")
  }
}
