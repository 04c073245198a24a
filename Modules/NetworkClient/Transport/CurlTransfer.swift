#if canImport(CCurl)
  import CCurl
  import Foundation
  import FoundationNetworking
  import WireFormat

  /// One exchange. Made by `perform`, then touched only on the engine's thread, except for
  /// `stop(_:)`, which is behind a lock.
  // @unchecked: fields are the engine thread's after submission; the stop reason is Locked.
  final class CurlTransfer: @unchecked Sendable {
    typealias Outcome = Result<(Data, HTTPURLResponse), NetworkError>

    /// The most header bytes one answer may have, over all its header lines.
    static let maximumHeaderBytes = 256 << 10
    /// The most header lines one answer may have: reading them stays cheap whatever a server
    /// sends, on the one thread every transfer shares.
    static let maximumHeaderLines = 500

    let request: URLRequest
    let timeout: Duration?
    let limits: TransferLimits
    var continuation: CheckedContinuation<Outcome, Never>?

    /// Why the transfer was stopped from outside (cancellation) or by a callback (a limit).
    private let stopReason = Locked<NetworkError?>(nil)
    private var easy: UnsafeMutableRawPointer?
    var headerList: UnsafeMutablePointer<curl_slist>?
    private var body = Data()
    private var headerBytes = 0
    private var headerStatus = 0
    /// The answer's header lines so far: the name as sent, lower-cased, and the value's
    /// pieces (a folded line adds one).
    private var headers: [(name: String, key: String, parts: [String])] = []
    /// Whether the request accepts only `identity`, so that a content-encoded answer is
    /// refused at its header.
    var acceptsIdentityOnly = true

    init(request: URLRequest, timeout: Duration?, limits: TransferLimits) {
      self.request = request
      self.timeout = timeout
      self.limits = limits
    }

    var isStopped: Bool { stopReason.withLock { $0 != nil } }

    /// Stops the transfer with `reason`, unless it was stopped already.
    func stop(_ reason: NetworkError) {
      stopReason.withLock { if $0 == nil { $0 = reason } }
    }

    /// Makes the easy handle; `nil` when the transfer ended already (stopped before it
    /// began, or a request libcurl cannot be given), its continuation resumed.
    func start() -> UnsafeMutableRawPointer? {
      guard !isStopped, let easy = curl_easy_init() else {
        complete(isStopped ? CURLE_ABORTED_BY_CALLBACK : CURLE_FAILED_INIT)
        return nil
      }
      self.easy = easy
      if let failure = configure(easy) {
        stop(failure)
        complete(CURLE_ABORTED_BY_CALLBACK)
        return nil
      }
      return easy
    }

    /// A piece of the body: kept while within the limit. Returns the count taken, or 0 to
    /// make libcurl stop.
    func receive(_ bytes: UnsafeRawBufferPointer) -> Int {
      guard !isStopped else { return 0 }
      if bytes.count > limits.maximumBodySize - body.count {
        stop(.responseTooLarge(limit: limits.maximumBodySize))
        body = Data()
        return 0
      }
      body.append(contentsOf: bytes)
      return bytes.count
    }

    /// One header line (status lines included). Returns the count taken, or 0 to stop.
    func receiveHeader(_ bytes: UnsafeRawBufferPointer) -> Int {
      guard !isStopped else { return 0 }
      headerBytes += bytes.count
      guard headerBytes <= Self.maximumHeaderBytes else {
        stop(.unexpectedResponse("the answer's headers are larger than 256 KiB"))
        return 0
      }
      let line = String(decoding: bytes, as: UTF8.self)
        .trimmingCharacters(in: CharacterSet(charactersIn: "\r\n"))
      if line.hasPrefix("HTTP/") {
        // A new answer (after a 1xx): its headers replace any before.
        headers = []
        headerStatus = line.split(separator: " ").dropFirst().first.flatMap { Int($0) } ?? 0
      } else if line.isEmpty {
        if headerStatus >= 200, let refusal = refusalAtHeader() {
          stop(refusal)
          return 0
        }
      } else if headers.count >= Self.maximumHeaderLines {
        stop(.unexpectedResponse("the answer has more than 500 header lines"))
        return 0
      } else if line.first == " " || line.first == "\t", !headers.isEmpty {
        headers[headers.count - 1].parts.append(line.trimmingCharacters(in: .whitespaces))
      } else if let colon = line.firstIndex(of: ":") {
        let name = String(line[..<colon]).trimmingCharacters(in: .whitespaces)
        let value = String(line[line.index(after: colon)...]).trimmingCharacters(in: .whitespaces)
        headers.append((name, name.lowercased(), [value]))
      }
      return bytes.count
    }

    /// A reason to stop at the end of the answer's header: a body announced larger than the
    /// limit, or a compressed answer to a request that accepted only `identity`.
    private func refusalAtHeader() -> NetworkError? {
      func value(_ key: String) -> String? {
        headers.last { $0.key == key }?.parts.joined(separator: " ")
      }
      if let length = value("content-length").flatMap({ Int64($0) }),
        length > Int64(limits.maximumBodySize)
      {
        return .responseTooLarge(limit: limits.maximumBodySize)
      }
      if acceptsIdentityOnly, let encoding = value("content-encoding")?.lowercased(),
        !encoding.isEmpty, encoding != "identity"
      {
        return .unexpectedResponse(
          "the server sent a compressed answer (Content-Encoding) that was not asked for")
      }
      return nil
    }

    /// The transfer ended with `result`: the easy handle is freed and the caller answered.
    func complete(_ result: CURLcode) {
      let outcome = outcome(of: result)
      if let easy { curl_easy_cleanup(easy) }
      easy = nil
      if let headerList { curl_slist_free_all(headerList) }
      headerList = nil
      body = Data()
      continuation?.resume(returning: outcome)
      continuation = nil
    }

    private func outcome(of result: CURLcode) -> Outcome {
      if let reason = stopReason.withLock({ $0 }) { return .failure(reason) }
      guard result == CURLE_OK else { return .failure(Self.failure(of: result)) }
      let effective = easy.flatMap { ccurl_effective_url($0) }.map { String(cString: $0) }
      guard let easy, let url = effective.flatMap({ URL(string: $0) }) ?? request.url else {
        return .failure(.unexpectedResponse("the answer was not an HTTP response"))
      }
      // Repeated names join with ", " under the first spelling, in one pass.
      var merged: [String: (name: String, values: [String])] = [:]
      for header in headers {
        let value = header.parts.joined(separator: " ")
        merged[header.key, default: (header.name, [])].values.append(value)
      }
      let fields = Dictionary(
        merged.values.map { ($0.name, $0.values.joined(separator: ", ")) },
        uniquingKeysWith: { first, _ in first })
      guard
        let response = HTTPURLResponse(
          url: url, statusCode: ccurl_response_code(easy), httpVersion: "HTTP/1.1",
          headerFields: fields)
      else { return .failure(.unexpectedResponse("the answer was not an HTTP response")) }
      return .success((body, response))
    }

    /// The `NetworkError` for a libcurl failure, in the same cases URLSession's would take.
    static func failure(of result: CURLcode) -> NetworkError {
      switch result {
      case CURLE_OPERATION_TIMEDOUT: .timeout
      case CURLE_COULDNT_RESOLVE_HOST, CURLE_COULDNT_RESOLVE_PROXY: .transport(.hostNotFound)
      case CURLE_COULDNT_CONNECT: .transport(.connectionRefused)
      case CURLE_PARTIAL_FILE, CURLE_GOT_NOTHING, CURLE_RECV_ERROR, CURLE_SEND_ERROR,
        CURLE_WEIRD_SERVER_REPLY, CURLE_HTTP2, CURLE_HTTP2_STREAM:
        .transport(.connectionLost)
      case CURLE_SSL_CONNECT_ERROR, CURLE_PEER_FAILED_VERIFICATION, CURLE_SSL_CERTPROBLEM,
        CURLE_SSL_CIPHER, CURLE_SSL_CACERT_BADFILE, CURLE_SSL_ISSUER_ERROR,
        CURLE_SSL_PINNEDPUBKEYNOTMATCH, CURLE_SSL_INVALIDCERTSTATUS:
        .transport(.tls)
      case CURLE_UNSUPPORTED_PROTOCOL, CURLE_URL_MALFORMAT:
        .invalidURL("libcurl refused the URL (only http and https are sent)")
      default: .transport(.other(code: Int(result.rawValue)))
      }
    }
  }
#endif
