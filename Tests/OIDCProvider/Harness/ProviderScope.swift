#if canImport(Testing)
  import Testing

  /// Runs a suite with the shared providers, and stops them when the last such suite ends.
  ///
  /// ```swift
  /// @Suite(.enabled(if: ProviderAvailability.current.runs,
  ///                 Comment(rawValue: ProviderAvailability.current.comment)),
  ///        .sharedProviders)
  /// struct MyProviderTests { … }
  /// ```
  public struct ProviderScope: SuiteTrait, TestScoping {
    /// Enters the pool around the suite.
    /// - Parameters:
    ///   - test: The suite.
    ///   - testCase: `nil` for a suite.
    ///   - function: Runs the suite.
    /// - Throws: What the suite throws.
    public func provideScope(
      for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
      await SharedProviders.shared.enter()
      do {
        try await function()
      } catch {
        await SharedProviders.shared.leave()
        throw error
      }
      await SharedProviders.shared.leave()
    }
  }

  extension Trait where Self == ProviderScope {
    /// The suite uses the shared providers, which stop when the last such suite ends.
    public static var sharedProviders: ProviderScope { ProviderScope() }
  }
#endif
