#if canImport(CCurl)
  import CCurl
  import Foundation
  import FoundationNetworking
  import WireFormat

  /// One exchange. Made by `perform`, then touched only on the engine's thread, except for
  /// `stop(_:)`, which is behind a lock.
  // @unchecked: fields are the engine thread's after submission; the stop reason is Locked.
  final class CurlTransfer: @unchecked Sendable {
    typealias Outcome = Result<HTTPURLResponse, NetworkError>

    /// The most header bytes one answer may have, over all its header lines.
    static let maximumHeaderBytes = 256 << 10
    /// The most header lines one answer may have: reading them stays cheap whatever a server
    /// sends, on the one thread every transfer shares.
    static let maximumHeaderLines = 500

    let request: URLRequest
    let timeout: Duration?
    /// Takes the head and each piece of the body, from libcurl's callbacks.
    let receiver: any ResponseReceiver
    var continuation: CheckedContinuation<Outcome, Never>?

    /// Why the transfer was stopped from outside (cancellation) or by a callback (the
    /// receiver, a header cap).
    private let stopReason = Locked<NetworkError?>(nil)
    private var easy: UnsafeMutableRawPointer?
    var headerList: UnsafeMutablePointer<curl_slist>?
    private var headerBytes = 0
    private var headerStatus = 0
    /// The answer's header lines so far: the name as sent, lower-cased, and the value's
    /// pieces (a folded line adds one).
    private var headers: [(name: String, key: String, parts: [String])] = []
    /// The final answer's head, once its header lines ended and the receiver took it.
    private var head: HTTPURLResponse?

    init(request: URLRequest, timeout: Duration?, receiver: any ResponseReceiver) {
      self.request = request
      self.timeout = timeout
      self.receiver = receiver
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

    /// A piece of the body, handed to the receiver before libcurl reads the next. Returns
    /// the count taken, or 0 to make libcurl stop.
    func receive(_ bytes: UnsafeRawBufferPointer) -> Int {
      guard !isStopped else { return 0 }
      guard !bytes.isEmpty else { return 0 }
      do {
        try receiver.receive(body: Data(bytes))
      } catch {
        stop(error)
        return 0
      }
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
      // Trailers after the body come here too: the head was handed over already.
      guard head == nil else { return bytes.count }
      let line = String(decoding: bytes, as: UTF8.self)
        .trimmingCharacters(in: CharacterSet(charactersIn: "\r\n"))
      if line.hasPrefix("HTTP/") {
        // A new answer (after a 1xx): its headers replace any before.
        headers = []
        headerStatus = line.split(separator: " ").dropFirst().first.flatMap { Int($0) } ?? 0
      } else if line.isEmpty {
        if headerStatus >= 200, let easy, handOverHead(easy) { return 0 }
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

    /// The final answer's header lines ended: makes its head and hands it to the receiver.
    /// - Returns: whether the transfer was stopped (no head, or the receiver refused it).
    private func handOverHead(_ easy: UnsafeMutableRawPointer) -> Bool {
      guard let response = response(of: easy) else {
        stop(.unexpectedResponse("the answer was not an HTTP response"))
        return true
      }
      do {
        try receiver.receive(head: response)
      } catch {
        stop(error)
        return true
      }
      head = response
      return false
    }

    /// The head of the answer read so far: status and headers, repeated names joined with
    /// ", " under the first spelling, in one pass.
    private func response(of easy: UnsafeMutableRawPointer) -> HTTPURLResponse? {
      let effective = ccurl_effective_url(easy).map { String(cString: $0) }
      guard let url = effective.flatMap({ URL(string: $0) }) ?? request.url else { return nil }
      var merged: [String: (name: String, values: [String])] = [:]
      for header in headers {
        let value = header.parts.joined(separator: " ")
        merged[header.key, default: (header.name, [])].values.append(value)
      }
      let fields = Dictionary(
        merged.values.map { ($0.name, $0.values.joined(separator: ", ")) },
        uniquingKeysWith: { first, _ in first })
      let status = ccurl_response_code(easy)
      return HTTPURLResponse(
        url: url, statusCode: status > 0 ? status : headerStatus, httpVersion: "HTTP/1.1",
        headerFields: fields)
    }

    /// The transfer ended with `result`: the easy handle is freed and the caller answered.
    func complete(_ result: CURLcode) {
      let outcome = outcome(of: result)
      if let easy { curl_easy_cleanup(easy) }
      easy = nil
      if let headerList { curl_slist_free_all(headerList) }
      headerList = nil
      headers = []
      continuation?.resume(returning: outcome)
      continuation = nil
    }

    private func outcome(of result: CURLcode) -> Outcome {
      if let reason = stopReason.withLock({ $0 }) { return .failure(reason) }
      guard result == CURLE_OK else { return .failure(Self.failure(of: result)) }
      guard let head else {
        return .failure(.unexpectedResponse("the answer was not an HTTP response"))
      }
      return .success(head)
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
