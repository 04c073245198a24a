import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The delegate of a transport's own session: hands each task's events to its exchange and
/// refuses every redirect (the transport never follows one; the pipeline decides). Its
/// callbacks run on the session's serial delegate queue; the table of exchanges is behind a
/// lock because `start` registers from the caller's thread.
final class SessionDelegate: NSObject, URLSessionDataDelegate, Sendable {
  private let exchanges = Locked<[Int: DataTaskExchange]>([:])

  func register(_ exchange: DataTaskExchange, for task: URLSessionTask) {
    exchanges.withLock { $0[task.taskIdentifier] = exchange }
  }

  private func exchange(of task: URLSessionTask) -> DataTaskExchange? {
    exchanges.withLock { $0[task.taskIdentifier] }
  }

  func urlSession(
    _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
    completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
  ) {
    let allowed = exchange(of: dataTask)?.received(response) ?? true
    completionHandler(allowed ? .allow : .cancel)
  }

  func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
    exchange(of: dataTask)?.received(data)
  }

  func urlSession(
    _ session: URLSession, task: URLSessionTask,
    willPerformHTTPRedirection response: HTTPURLResponse, newRequest request: URLRequest,
    completionHandler: @escaping @Sendable (URLRequest?) -> Void
  ) {
    completionHandler(nil)
  }

  func urlSession(
    _ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?
  ) {
    let finished = exchanges.withLock { $0.removeValue(forKey: task.taskIdentifier) }
    finished?.completed(error: error)
  }
}
