import Foundation

/// A bare TCP client for what URLSession will not send: malformed requests, half requests,
/// hand-written bytes. Its blocking socket calls run on a dedicated thread so they never hold
/// one of the few cooperative threads the server's handlers need.
enum RawClient {
  /// What one exchange produced.
  struct Exchange: Sendable {
    /// Every byte received until the server closed the connection or the wait ended.
    let received: Data
    /// Whether the server closed the connection (rather than the wait timing out).
    let serverClosed: Bool

    var text: String { String(decoding: received, as: UTF8.self) }

    /// The status code of the first response, or nil when none arrived.
    var status: Int? {
      guard text.hasPrefix("HTTP/1.1 ") else { return nil }
      return Int(text.dropFirst(9).prefix(3))
    }

    /// The API.md error code in the first response's body, or nil.
    var errorCode: String? {
      guard let headEnd = text.range(of: "\r\n\r\n") else { return nil }
      return Data(text[headEnd.upperBound...].utf8).apiError?.code
    }
  }

  /// Connects, sends `chunks` one after another, optionally closes, then reads until the
  /// server closes, `enough` holds for what arrived, or `timeout` passes; nil when the
  /// connection is refused. The timeout is a generous bound against hanging: a whole suite
  /// running at once on a small machine can keep the server from answering for seconds.
  static func exchange(
    port: UInt16, chunks: [Data], closeAfterSending: Bool = false, timeout: TimeInterval = 60,
    until enough: @escaping @Sendable (Data) -> Bool = { _ in false }
  ) async -> Exchange? {
    await onOwnThread {
      guard let socket = TestSocket(port: port) else { return nil }
      for chunk in chunks {
        guard socket.sendAll(chunk) else { break }
      }
      if closeAfterSending { return Exchange(received: Data(), serverClosed: false) }
      return socket.receive(for: timeout, until: enough)
    }
  }

  /// Sends `text` as one chunk; see ``exchange(port:chunks:closeAfterSending:timeout:)``.
  static func exchange(port: UInt16, _ text: String, timeout: TimeInterval = 60) async
    -> Exchange?
  {
    await exchange(port: port, chunks: [Data(text.utf8)], timeout: timeout)
  }

  /// Whether a TCP connection to the port is accepted.
  static func canConnect(port: UInt16) async -> Bool {
    await onOwnThread { TestSocket(port: port) != nil }
  }
}
