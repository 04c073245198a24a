import Dispatch

/// Runs slow, blocking work (PBKDF2 with 600,000 iterations) on a Dispatch queue, so it does
/// not hold one of the few threads of Swift's cooperative pool that other requests need.
enum Offload {
  /// Runs `work` off the cooperative pool and awaits its result.
  /// - Parameter work: the blocking work.
  /// - Returns: what `work` returns.
  /// - Throws: what `work` throws.
  static func run<T: Sendable>(
    _ work: @escaping @Sendable () throws(APIError) -> T
  ) async throws(APIError) -> T {
    let result: Result<T, APIError> = await withCheckedContinuation { continuation in
      DispatchQueue.global(qos: .userInitiated).async {
        do throws(APIError) {
          continuation.resume(returning: .success(try work()))
        } catch {
          continuation.resume(returning: .failure(error))
        }
      }
    }
    return try result.get()
  }
}
