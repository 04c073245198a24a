/// The outcome of one request of a batch: its position in the batch and its own result, so
/// that one failure never hides the others.
public struct BatchOutcome<Value: Sendable, Failure: Error>: Sendable {
  /// The request's index in the array given to the batch.
  public let index: Int
  /// What that request returned or threw.
  public let result: Result<Value, Failure>

  /// Makes an outcome.
  /// - Parameters:
  ///   - index: the request's index in the batch.
  ///   - result: its result.
  public init(index: Int, result: Result<Value, Failure>) {
    self.index = index
    self.result = result
  }
}
