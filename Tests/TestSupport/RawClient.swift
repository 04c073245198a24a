import Foundation

/// A bare HTTP/1.1 client for what URLSession will not send: no `Host`, two of them, another
/// site's name, malformed or half requests, hand-written bytes. Its blocking socket calls run
/// on a thread of their own (``TestSocket/onOwnThread(_:)``), so they never hold one of the
/// few cooperative threads the server's handlers need.
///
/// ```swift
/// let answer = try #require(
///   await RawClient.request(port: server.port, "GET", "/ok", headers: ["Host: evil.example"]))
/// #expect(answer.status == 421)
/// #expect(answer.errorCode == "misdirected_request")
/// ```
public enum RawClient {
  /// What one exchange produced.
  public struct Exchange: Sendable {
    /// Every byte received until the server closed the connection or the wait ended.
    public let received: Data
    /// Whether the server closed the connection (rather than the wait timing out).
    public let serverClosed: Bool

    /// Wraps what arrived.
    /// - Parameters:
    ///   - received: The bytes received.
    ///   - serverClosed: Whether the server closed the connection.
    public init(received: Data, serverClosed: Bool) {
      self.received = received
      self.serverClosed = serverClosed
    }

    /// The bytes received, as UTF-8 text.
    public var text: String { String(decoding: received, as: UTF8.self) }

    /// The status code of the first response, or nil when none arrived.
    public var status: Int? {
      guard text.hasPrefix("HTTP/1.1 ") else { return nil }
      return Int(text.dropFirst(9).prefix(3))
    }

    /// The body of the first response read as a JSON object; empty when it is not one.
    public var json: [String: Any] {
      guard let headEnd = text.range(of: "\r\n\r\n") else { return [:] }
      let body = Data(text[headEnd.upperBound...].utf8)
      return (try? JSONSerialization.jsonObject(with: body)) as? [String: Any] ?? [:]
    }

    /// The API.md error code (`error.code`) in the first response's body, or nil.
    public var errorCode: String? {
      (json["error"] as? [String: Any])?["code"] as? String
    }
  }

  /// Connects, sends `chunks` one after another, optionally closes, then reads until the
  /// server closes, `enough` holds for what arrived, or `timeout` passes.
  ///
  /// The timeout is a generous bound against hanging: a whole suite running at once on a
  /// small machine can keep a server from answering for seconds.
  /// - Parameters:
  ///   - port: The server's port on 127.0.0.1.
  ///   - chunks: The bytes to send, each written whole before the next.
  ///   - closeAfterSending: Return right after sending, without reading.
  ///   - timeout: The longest wait for the answer, in seconds.
  ///   - enough: Whether the bytes received so far are all the test needs.
  /// - Returns: What arrived; nil when the connection is refused.
  public static func exchange(
    port: UInt16, chunks: [Data], closeAfterSending: Bool = false, timeout: TimeInterval = 60,
    until enough: @escaping @Sendable (Data) -> Bool = { _ in false }
  ) async -> Exchange? {
    await TestSocket.onOwnThread {
      guard let socket = TestSocket(port: port) else { return nil }
      for chunk in chunks {
        guard socket.sendAll(chunk) else { break }
      }
      if closeAfterSending { return Exchange(received: Data(), serverClosed: false) }
      return socket.receive(for: timeout, until: enough)
    }
  }

  /// Sends `text` as one chunk and reads the answer.
  /// - Parameters:
  ///   - port: The server's port on 127.0.0.1.
  ///   - text: The whole request, line endings included.
  ///   - timeout: The longest wait for the answer, in seconds.
  /// - Returns: What arrived; nil when the connection is refused.
  public static func exchange(port: UInt16, _ text: String, timeout: TimeInterval = 60) async
    -> Exchange?
  {
    await exchange(port: port, chunks: [Data(text.utf8)], timeout: timeout)
  }

  /// Sends one request, `method target HTTP/1.1` with `headers`, then `Content-Length` and
  /// `Connection: close`, then `body`, and reads until the server closes.
  /// - Parameters:
  ///   - port: The server's port on 127.0.0.1.
  ///   - method: The method, e.g. `GET`.
  ///   - target: The request target, e.g. `/v1/dev/outbox?to=a%40b.c`.
  ///   - headers: Header lines as sent, e.g. `Host: localhost`; none are added but the two
  ///     above, so a test chooses whether there is a `Host` and how many.
  ///   - body: The body, sent as UTF-8.
  ///   - timeout: The longest wait for the answer, in seconds.
  /// - Returns: What arrived; nil when the connection is refused.
  public static func request(
    port: UInt16, _ method: String, _ target: String, headers: [String], body: String = "",
    timeout: TimeInterval = 60
  ) async -> Exchange? {
    let lines = ["\(method) \(target) HTTP/1.1"] + headers
      + ["Content-Length: \(body.utf8.count)", "Connection: close"]
    let text = lines.joined(separator: "\r\n") + "\r\n\r\n" + body
    return await exchange(port: port, text, timeout: timeout)
  }

  /// Whether a TCP connection to the port is accepted.
  /// - Parameter port: The port on 127.0.0.1.
  /// - Returns: true when the connection was made.
  public static func canConnect(port: UInt16) async -> Bool {
    await TestSocket.onOwnThread { TestSocket(port: port) != nil }
  }
}
