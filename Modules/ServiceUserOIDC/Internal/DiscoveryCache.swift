import LoginCore

/// The discovery document once it was read and checked. Callers that arrive while a
/// discovery is under way wait for that one (a launch that fires many requests at once asks
/// the provider once); a failure is never kept, so the next call asks again.
actor DiscoveryCache {
  private var known: ProviderMetadata?
  private var underWay: Task<Result<ProviderMetadata, AuthFailure>, Never>?

  /// The metadata: the kept one, the one under way, or a new discovery's.
  /// - Parameter discover: Fetches and checks the document.
  /// - Returns: The metadata, or why there is none.
  func metadata(
    discover: @escaping @Sendable () async throws(AuthFailure) -> ProviderMetadata
  ) async -> Result<ProviderMetadata, AuthFailure> {
    if let known { return .success(known) }
    if let underWay { return await underWay.value }
    let task = Task { () async -> Result<ProviderMetadata, AuthFailure> in
      do throws(AuthFailure) {
        return .success(try await discover())
      } catch {
        return .failure(error)
      }
    }
    underWay = task
    let result = await task.value
    underWay = nil
    if case .success(let metadata) = result { known = metadata }
    return result
  }
}
