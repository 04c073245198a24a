import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Takes an answer as a transport reads it: its head first, then each piece of its body, in
/// order, as they arrive. Throwing from either call stops the transfer at once, and the
/// transport's `send(_:timeout:to:)` throws that error.
///
/// Both calls come synchronously on the transport's own thread (for ``CurlTransport``,
/// libcurl's one engine thread, shared by every transfer): return quickly and never block,
/// wait or call out to something that might, or every other transfer waits too.
///
/// The client's own receiver is the pipeline's transfer stage (see <doc:ThePipeline>): it
/// refuses a compressed answer nobody asked for and a body announced past the limit at the
/// head, and counts the body as it arrives, so both transports apply the same rules.
///
/// ```swift
/// final class Counter: ResponseReceiver, @unchecked Sendable {  // fed by one transfer
///   var bytes = 0
///   func receive(head response: HTTPURLResponse) throws(NetworkError) {}
///   func receive(body piece: Data) throws(NetworkError) {
///     bytes += piece.count
///     if bytes > 1 << 20 { throw .responseTooLarge(limit: 1 << 20) }
///   }
/// }
/// let head = try await DefaultHTTPTransport().send(request, timeout: nil, to: Counter())
/// ```
public protocol ResponseReceiver: AnyObject, Sendable {
  /// The answer's status line and headers arrived (a final answer: never a `1xx`). Called
  /// once per transfer, before any piece of the body.
  /// - Parameter response: the status and headers.
  /// - Throws: a `NetworkError` to stop the transfer; the transport throws it.
  func receive(head response: HTTPURLResponse) throws(NetworkError)

  /// The next piece of the body arrived, after content decoding. Pieces come one at a time,
  /// in order; `CurlTransport` reads the next one only after this returns.
  /// - Parameter piece: the bytes, never empty.
  /// - Throws: a `NetworkError` to stop the transfer; the transport throws it.
  func receive(body piece: Data) throws(NetworkError)
}
