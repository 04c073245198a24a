import LoginCore

extension Result where Failure == AuthFailure {
  /// Runs one service call on the caller's actor and keeps its typed outcome, so a control
  /// hands the whole answer to its `finish` step in one value.
  init(
    isolation: isolated (any Actor)? = #isolation,
    awaiting call: () async throws(AuthFailure) -> Success
  ) async {
    do throws(AuthFailure) {
      self = .success(try await call())
    } catch {
      self = .failure(error)
    }
  }
}
