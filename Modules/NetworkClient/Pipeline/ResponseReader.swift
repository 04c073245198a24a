import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The transfer rules, the pipeline's innermost stage, as one object both engines feed:
/// `CurlTransfer`'s write callback hands it each piece before libcurl reads the next, and
/// `URLSessionTransport`'s session delegate hands it each piece the session delivers.
///
/// - The request asks for `Accept-Encoding: identity` unless it names its own encodings, and
///   an answer compressed all the same is refused at its head (libcurl and URLSession inflate
///   faster than anything can count, so a gzip bomb is not inflated on purpose).
/// - A body announced (`Content-Length`) past the limit is refused at its head.
/// - The body is counted as it arrives, after content decoding, and the transfer stops the
///   moment it would pass the limit; nothing of it is kept.
///
/// What a transport's engine must check to read an answer at all stays in the engine:
/// `CurlTransfer` refuses more than 256 KiB or 500 lines of raw header lines while it parses
/// them.
// @unchecked: fed by one transfer's callbacks in order, read by the sender after it ended.
final class ResponseReader: ResponseReceiver, @unchecked Sendable {
  let limit: Int
  /// Whether the request accepts only `identity`, so that any other encoding is refused.
  let acceptsIdentityOnly: Bool
  private var body = Data()

  init(limit: Int, acceptsIdentityOnly: Bool) {
    self.limit = limit
    self.acceptsIdentityOnly = acceptsIdentityOnly
  }

  /// Sends `exchange` over `transport` under the transfer rules: the stage under every other.
  /// - Returns: the whole answer, any status.
  static func read(_ exchange: NetworkExchange, over transport: any HTTPTransport)
    async throws(NetworkError) -> NetworkResponse
  {
    var request = exchange.request
    let reader = ResponseReader(
      limit: exchange.limits.maximumBodySize, acceptsIdentityOnly: askIdentity(in: &request))
    let head = try await transport.send(request, timeout: exchange.timeout, to: reader)
    return NetworkResponse(data: reader.body, response: head)
  }

  /// Asks for `Accept-Encoding: identity` unless `request` names its own encodings. The
  /// client also calls it while it builds a request, when the request is not shared yet and
  /// changing it copies nothing.
  /// - Returns: whether the request accepts only `identity`.
  @discardableResult
  static func askIdentity(in request: inout URLRequest) -> Bool {
    guard let asked = request.value(forHTTPHeaderField: "Accept-Encoding") else {
      request.setValue("identity", forHTTPHeaderField: "Accept-Encoding")
      return true
    }
    return isIdentity(asked)
  }

  func receive(head response: HTTPURLResponse) throws(NetworkError) {
    if let announced = response.value(forHTTPHeaderField: "Content-Length"),
      let length = Int64(announced) ?? Int64(announced.trimmingCharacters(in: .whitespaces)),
      length > Int64(limit)
    {
      throw .responseTooLarge(limit: limit)
    }
    if acceptsIdentityOnly,
      let encoding = response.value(forHTTPHeaderField: "Content-Encoding"),
      !encoding.allSatisfy(\.isWhitespace), !Self.isIdentity(encoding)
    {
      throw .unexpectedResponse(
        "the server sent a compressed answer (Content-Encoding) that was not asked for")
    }
  }

  func receive(body piece: Data) throws(NetworkError) {
    guard piece.count <= limit - body.count else {
      body = Data()
      throw .responseTooLarge(limit: limit)
    }
    body.append(piece)
  }

  private static func isIdentity(_ value: String) -> Bool {
    value.trimmingCharacters(in: .whitespaces).lowercased() == "identity"
  }
}
