extension Request {
  /// Runs many requests of this type concurrently, at most `maxConcurrent` at a time, each
  /// with its own retries, and yields each one's outcome as it finishes, so one failure never
  /// hides the others. Ending the iteration early, or cancelling the task that
  /// iterates, cancels the requests still in flight and starts no more.
  ///
  /// ```swift
  /// for await outcome in RideRequest.batch(requests, on: client, maxConcurrent: 4) {
  ///   switch outcome.result {
  ///   case .success(let ride): rows[outcome.index] = .ride(ride)
  ///   case .failure(let error): rows[outcome.index] = .failed(error.message)
  ///   }
  /// }
  /// ```
  /// - Parameters:
  ///   - requests: the requests, identified in the outcomes by their index here.
  ///   - client: the client to send them through.
  ///   - maxConcurrent: the most requests in flight at once (at least 1).
  /// - Returns: one outcome per request, in the order they finish.
  public static func batch(
    _ requests: [Self], on client: NetworkClient, maxConcurrent: Int = 4
  ) -> AsyncStream<BatchOutcome<ResultData, Failure>> {
    let (stream, continuation) = AsyncStream.makeStream(
      of: BatchOutcome<ResultData, Failure>.self)
    let task = Task {
      await run(requests, on: client, maxConcurrent: maxConcurrent, startsAfterCancel: false) {
        continuation.yield($0)
      }
      continuation.finish()
    }
    continuation.onTermination = { _ in task.cancel() }
    return stream
  }

  /// Runs many requests of this type concurrently, at most `maxConcurrent` at a time, each
  /// with its own retries, and returns every outcome in the order of `requests`.
  /// - Parameters:
  ///   - requests: the requests.
  ///   - client: the client to send them through.
  ///   - maxConcurrent: the most requests in flight at once (at least 1).
  /// - Returns: one result per request, at the request's index. When the calling task is
  ///   cancelled, the requests not yet finished fail with their cancellation error.
  public static func performAll(
    _ requests: [Self], on client: NetworkClient, maxConcurrent: Int = 4
  ) async -> [Swift.Result<ResultData, Failure>] {
    var results = [Swift.Result<ResultData, Failure>?](repeating: nil, count: requests.count)
    await run(requests, on: client, maxConcurrent: maxConcurrent, startsAfterCancel: true) {
      results[$0.index] = $0.result
    }
    return results.compactMap { $0 }
  }

  private static func run(
    _ requests: [Self], on client: NetworkClient, maxConcurrent: Int,
    startsAfterCancel: Bool, receive: (BatchOutcome<ResultData, Failure>) -> Void
  ) async {
    await withTaskGroup(of: BatchOutcome<ResultData, Failure>.self) { group in
      var next = requests.startIndex
      func startNext() {
        let index = next
        let request = requests[index]
        next += 1
        group.addTask {
          do throws(Failure) {
            return BatchOutcome(
              index: index, result: .success(try await request.perform(on: client)))
          } catch {
            return BatchOutcome(index: index, result: .failure(error))
          }
        }
      }
      while next < requests.endIndex, next - requests.startIndex < max(1, maxConcurrent) {
        startNext()
      }
      while let outcome = await group.next() {
        receive(outcome)
        if next < requests.endIndex, startsAfterCancel || !Task.isCancelled { startNext() }
      }
    }
  }
}
