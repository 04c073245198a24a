import Foundation
import Testing

/// The providers the suite shares: one per access-token lifetime, started on first use
/// (each takes seconds), stopped when the suite ends by `ProviderScope`.
actor SharedProviders {
  /// The one pool of this test process.
  static let shared = SharedProviders()

  private var starts: [Int: Task<OIDCProviderProcess, any Error>] = [:]

  /// The provider whose access tokens live `accessSeconds`, started if need be. A failed
  /// start is kept too: every test then reports the same reason at once.
  /// - Parameter accessSeconds: The access-token lifetime.
  /// - Returns: The running provider.
  /// - Throws: Why it could not be started.
  func provider(accessSeconds: Int = 60) async throws -> OIDCProviderProcess {
    if let start = starts[accessSeconds] { return try await start.value }
    let start = Task { () async throws -> OIDCProviderProcess in
      switch ProviderAvailability.current {
      case .ready(let python):
        return try await OIDCProviderProcess(python: python, accessSeconds: accessSeconds)
      case .skipped(let reason), .failing(let reason):
        throw OIDCProviderProcess.Failure(description: reason)
      }
    }
    starts[accessSeconds] = start
    return try await start.value
  }

  /// Stops every provider that started.
  func stopAll() async {
    for start in starts.values {
      if let provider = try? await start.value { await provider.stop() }
    }
    starts = [:]
  }
}

/// Runs a suite with the shared providers and stops them when it ends.
struct ProviderScope: SuiteTrait, TestScoping {
  func provideScope(
    for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
  ) async throws {
    do {
      try await function()
    } catch {
      await SharedProviders.shared.stopAll()
      throw error
    }
    await SharedProviders.shared.stopAll()
  }
}

extension Trait where Self == ProviderScope {
  /// The suite shares providers and stops them at its end.
  static var sharedProviders: ProviderScope { ProviderScope() }
}
