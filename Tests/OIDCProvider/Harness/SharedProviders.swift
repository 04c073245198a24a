import Foundation

/// The providers a test process shares: one per access-token lifetime, started on first use
/// (each takes seconds) and stopped when the last suite using them ends (`ProviderScope`).
///
/// Every test target links into one test process, so suites of several targets may use the
/// pool at once: each `ProviderScope` enters it, and the providers stop when the last one
/// leaves. A provider taken outside any scope runs until the test process ends (it exits
/// when its stdin closes).
///
/// ```swift
/// let provider = try await SharedProviders.shared.provider(accessSeconds: 5)
/// let counts = try await provider.tokenRequests()  // ["password": 1, …]
/// ```
public actor SharedProviders {
  /// The one pool of this test process.
  public static let shared = SharedProviders()

  private var starts: [String: Task<OIDCProviderProcess, any Error>] = [:]
  private var scopes = 0

  /// The provider whose access tokens live `accessSeconds`, started if need be. A failed
  /// start is kept too: every test then reports the same reason at once.
  /// - Parameters:
  ///   - accessSeconds: The access-token lifetime.
  ///   - refreshGraceSeconds: The refresh tokens' grace period (serve.py's 3 s by default).
  /// - Returns: The running provider.
  /// - Throws: `OIDCProviderProcess.Failure` saying why it could not be started.
  public func provider(accessSeconds: Int = 60, refreshGraceSeconds: Int = 3) async throws
    -> OIDCProviderProcess
  {
    let key = "\(accessSeconds)/\(refreshGraceSeconds)"
    if let start = starts[key] { return try await start.value }
    let start = Task { () async throws -> OIDCProviderProcess in
      switch ProviderAvailability.current {
      case .ready(let python):
        return try await OIDCProviderProcess(
          python: python, accessSeconds: accessSeconds, refreshGraceSeconds: refreshGraceSeconds)
      case .skipped(let reason), .failing(let reason):
        throw OIDCProviderProcess.Failure(description: reason)
      }
    }
    starts[key] = start
    return try await start.value
  }

  /// A suite starts using the pool.
  func enter() {
    scopes += 1
  }

  /// A suite stops using the pool; the last one out stops every provider.
  func leave() async {
    scopes -= 1
    guard scopes == 0 else { return }
    let running = starts.values
    starts = [:]
    for start in running {
      if let provider = try? await start.value { await provider.stop() }
    }
  }
}
