#if canImport(CCurl)
  import CCurl
  import Foundation
  import FoundationNetworking
  import WireFormat

  /// The transport for Linux: libcurl, the engine under FoundationNetworking, driven directly
  /// so that an answer is bounded while it arrives.
  ///
  /// FoundationNetworking lets libcurl read (and inflate) ahead of its delegate, so a limit
  /// kept there holds only after the fact: a 400 MiB answer or a gzip bomb costs hundreds of
  /// MiB before the cancellation lands. Here each piece of the body is counted in libcurl's
  /// own callback, before the next is read, and the transfer stops at the limit.
  ///
  /// It keeps `URLSessionTransport()`'s rules:
  /// - a `3xx` answer is returned, not followed, unless the limits allow a same-origin
  ///   redirect (then without `Authorization` and `Cookie`);
  /// - the body is counted after content decoding; `Accept-Encoding: identity` is asked for
  ///   unless the request names its own, and a compressed answer nobody asked for is refused
  ///   at its header;
  /// - only `http` and `https`, certificates verified, no cookies, no cache;
  /// - a request to a loopback host (`localhost`, 127.0.0.0/8 in any spelling libcurl reads
  ///   as a number, like `127.1` or `0x7f.1`, and `::1` with or without a zone) never goes
  ///   through a proxy, whatever `http_proxy`, `https_proxy`, `all_proxy` and `no_proxy`
  ///   say, for http and https alike;
  /// - the sockets of transfers are opened close-on-exec, and so is the engine's own wakeup
  ///   socketpair (marked just after `curl_multi_init` opens it). A known gap: libcurl's
  ///   threaded resolver opens a socketpair without close-on-exec for each name it looks
  ///   up (not for an IP address), for the few milliseconds of the lookup, and offers no
  ///   hook to open it otherwise; a child started in that instant inherits it (a socket to
  ///   the resolver thread, which carries no request data);
  /// - cancelling the calling task stops the transfer at once, and a timeout bounds the
  ///   whole exchange.
  ///
  /// Every `CurlTransport` of a process shares one thread running a libcurl multi handle,
  /// and its pool of connections (at most 16 to one host at a time). A request's
  /// `httpBodyStream` is not read: give the body as `httpBody`.
  ///
  /// ```swift
  /// let client = NetworkClient(baseURL: url, transport: CurlTransport())
  /// ```
  public final class CurlTransport: HTTPTransport {
    /// The most redirects an opted-in request follows before the `3xx` is the answer.
    public static let maximumRedirects = 10

    /// Makes a transport over the process's libcurl engine.
    public init() {}

    /// Sends `request` once within the default limits (4 MiB, no redirect followed).
    /// - Parameters:
    ///   - request: the complete request.
    ///   - timeout: the longest the whole exchange may take, or `nil` for the request's own
    ///     `timeoutInterval` as the longest wait for a connection or for data.
    /// - Returns: the body and the HTTP response.
    /// - Throws: `.cancelled`, `.timeout`, `.transport`, `.responseTooLarge`,
    ///   `.encoding` for a header holding a line break, or `.unexpectedResponse`.
    public func send(_ request: URLRequest, timeout: Duration?) async throws(NetworkError)
      -> (Data, HTTPURLResponse)
    {
      try await send(request, timeout: timeout, limits: .default)
    }

    /// Sends `request` once within `limits`.
    /// - Parameters:
    ///   - request: the complete request.
    ///   - timeout: the longest the whole exchange may take, redirects included, or `nil`.
    ///   - limits: the largest body and the redirect rule.
    /// - Returns: the body and the HTTP response (a `3xx` one when the redirect is not
    ///   followed).
    /// - Throws: `.cancelled`, `.timeout`, `.transport`, `.responseTooLarge` (the transfer
    ///   stops at the limit), `.encoding` for a header holding a line break, or
    ///   `.unexpectedResponse`.
    public func send(_ request: URLRequest, timeout: Duration?, limits: TransferLimits)
      async throws(NetworkError) -> (Data, HTTPURLResponse)
    {
      let clock = ContinuousClock()
      let deadline = timeout.map { clock.now + $0 }
      var current = request
      var redirects = 0
      while true {
        let remaining = deadline.map { $0 - clock.now }
        if let remaining, remaining <= .zero { throw .timeout }
        let (data, response) = try await CurlEngine.shared.perform(
          current, timeout: remaining, limits: limits)
        guard redirects < Self.maximumRedirects,
          let next = Self.redirect(of: current, by: response, limits: limits)
        else { return (data, response) }
        current = next
        redirects += 1
      }
    }

    /// The request a `3xx` answer leads to, when `limits` allow following it: a `303`, or a
    /// `301`/`302` to a `POST`, becomes a `GET` without a body, as browsers and URLSession do.
    private static func redirect(
      of request: URLRequest, by response: HTTPURLResponse, limits: TransferLimits
    ) -> URLRequest? {
      let status = response.statusCode
      guard [301, 302, 303, 307, 308].contains(status),
        let location = response.value(forHTTPHeaderField: "Location"),
        let target = URL(string: location, relativeTo: request.url)?.absoluteURL
      else { return nil }
      var next = request
      next.url = target
      if status == 303 || (status != 307 && status != 308 && request.httpMethod == "POST") {
        next.httpMethod = "GET"
        next.httpBody = nil
        next.setValue(nil, forHTTPHeaderField: "Content-Type")
        next.setValue(nil, forHTTPHeaderField: "Content-Length")
      }
      return limits.redirect(to: next, from: request)
    }
  }

  /// One thread running a libcurl multi handle for every `CurlTransport` of the process.
  /// Started on first use, it lives as long as the process, like URLSession's own engine.
  // @unchecked: the multi handle is used on the engine's thread only (curl_multi_wakeup aside).
  final class CurlEngine: @unchecked Sendable {
    static let shared = CurlEngine()

    /// The most connections open to one host at a time; more transfers wait their turn.
    static let connectionsPerHost = 16

    private let multi: UnsafeMutableRawPointer?
    private let arrivals = Locked<[CurlTransfer]>([])

    private init() {
      // The wakeup socketpair curl_multi_init opens lacks close-on-exec in libcurl 7.88.
      multi = CloseOnExec.marking {
        curl_global_init(Int(CURL_GLOBAL_DEFAULT))
        return curl_multi_init()
      }
      if let multi {
        _ = ccurl_multi_set_long(multi, CURLMOPT_MAX_HOST_CONNECTIONS, Self.connectionsPerHost)
        let thread = Thread { [self] in run() }
        thread.name = "NetworkClient.CurlTransport"
        thread.start()
      }
    }

    /// Runs `request` and waits for its outcome.
    func perform(_ request: URLRequest, timeout: Duration?, limits: TransferLimits)
      async throws(NetworkError) -> (Data, HTTPURLResponse)
    {
      guard multi != nil else {
        throw .transport(.other(code: Int(CURLE_FAILED_INIT.rawValue)))
      }
      if Task.isCancelled { throw .cancelled }
      let transfer = CurlTransfer(request: request, timeout: timeout, limits: limits)
      let outcome = await withTaskCancellationHandler {
        await withCheckedContinuation { continuation in
          transfer.continuation = continuation
          arrivals.withLock { $0.append(transfer) }
          wakeUp()
        }
      } onCancel: {
        transfer.stop(.cancelled)
        wakeUp()
      }
      return try outcome.get()
    }

    /// Interrupts the engine's wait (thread-safe in libcurl).
    private func wakeUp() {
      if let multi { curl_multi_wakeup(multi) }
    }

    /// The engine's loop: takes new transfers, drops stopped ones, moves data, reports
    /// finished ones, and sleeps until there is more to do or a wakeup.
    private func run() {
      guard let multi else { return }
      var active: [UnsafeMutableRawPointer: CurlTransfer] = [:]
      while true {
        for transfer in arrivals.withLock({ list in defer { list = [] }; return list }) {
          if let easy = transfer.start() {
            if curl_multi_add_handle(multi, easy) == CURLM_OK {
              active[easy] = transfer
            } else {
              transfer.complete(CURLE_FAILED_INIT)
            }
          }
        }
        for (easy, transfer) in active where transfer.isStopped {
          curl_multi_remove_handle(multi, easy)
          active[easy] = nil
          transfer.complete(CURLE_ABORTED_BY_CALLBACK)
        }
        var running: Int32 = 0
        curl_multi_perform(multi, &running)
        var left: Int32 = 0
        while let message = curl_multi_info_read(multi, &left) {
          var result = CURLE_OK
          guard let easy = ccurl_done(message, &result),
            let transfer = active.removeValue(forKey: easy)
          else { continue }
          curl_multi_remove_handle(multi, easy)
          transfer.complete(result)
        }
        var due = -1
        curl_multi_timeout(multi, &due)
        let wait = active.isEmpty ? 60_000 : (due < 0 ? 1_000 : min(due, 1_000))
        curl_multi_poll(multi, nil, 0, Int32(wait), nil)
      }
    }
  }

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
    private var headerList: UnsafeMutablePointer<curl_slist>?
    private var body = Data()
    private var headerBytes = 0
    private var headerStatus = 0
    /// The answer's header lines so far: the name as sent, lower-cased, and the value's
    /// pieces (a folded line adds one).
    private var headers: [(name: String, key: String, parts: [String])] = []
    /// Whether the request accepts only `identity`, so that a content-encoded answer is
    /// refused at its header.
    private var acceptsIdentityOnly = true

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

    /// Gives libcurl the request: URL, method, headers, body, limits and callbacks.
    private func configure(_ easy: UnsafeMutableRawPointer) -> NetworkError? {
      guard let url = request.url?.absoluteString else { return .invalidURL("no URL") }
      let context = Unmanaged.passUnretained(self).toOpaque()
      var codes = [
        ccurl_set_string(easy, CURLOPT_URL, url),
        ccurl_allow_http_only(easy),
        ccurl_set_long(easy, CURLOPT_NOSIGNAL, 1),
        ccurl_set_long(easy, CURLOPT_FOLLOWLOCATION, 0),
        ccurl_set_long(easy, CURLOPT_SUPPRESS_CONNECT_HEADERS, 1),
        ccurl_set_data_callback(easy, CURLOPT_WRITEFUNCTION, curlWriteBody),
        ccurl_set_pointer(easy, CURLOPT_WRITEDATA, context),
        ccurl_set_data_callback(easy, CURLOPT_HEADERFUNCTION, curlReadHeader),
        ccurl_set_pointer(easy, CURLOPT_HEADERDATA, context),
        ccurl_set_progress_callback(easy, curlCheckStop),
        ccurl_set_pointer(easy, CURLOPT_XFERINFODATA, context),
        ccurl_set_long(easy, CURLOPT_NOPROGRESS, 0),
        ccurl_open_sockets_cloexec(easy),
      ]
      if let host = request.url?.host, URLPolicy.isLoopback(host) {
        // A proxy would read a loopback request's passwords and tokens in clear, and its
        // 127.0.0.1 is not ours: whatever http_proxy, https_proxy, all_proxy or no_proxy
        // say, loopback goes direct. Both options are scheme-blind: "" turns off the proxy
        // libcurl would pick from any variable, and "*" exempts every host, https included.
        codes.append(ccurl_set_string(easy, CURLOPT_PROXY, ""))
        codes.append(ccurl_set_string(easy, CURLOPT_NOPROXY, "*"))
      }
      codes += timeoutOptions(easy)
      switch methodOptions(easy) {
      case .success(let more): codes += more
      case .failure(let failure): return failure
      }
      switch headerOptions(easy) {
      case .success(let more): codes += more
      case .failure(let failure): return failure
      }
      if let failed = codes.first(where: { $0 != CURLE_OK }) {
        return .transport(.other(code: Int(failed.rawValue)))
      }
      return nil
    }

    private func timeoutOptions(_ easy: UnsafeMutableRawPointer) -> [CURLcode] {
      if let timeout {
        let (seconds, attoseconds) = timeout.components
        let milliseconds = seconds.multipliedReportingOverflow(by: 1_000)
        let total =
          milliseconds.overflow
          ? Int64.max : milliseconds.partialValue.addingReportingOverflow(
            attoseconds / 1_000_000_000_000_000 + 1
          ).partialValue
        return [ccurl_set_long(easy, CURLOPT_TIMEOUT_MS, Int(clamping: max(1, total)))]
      }
      let interval = request.timeoutInterval
      guard interval.isFinite, interval > 0 else { return [] }
      let seconds = Int(min(interval.rounded(.up), 86_400))
      return [
        ccurl_set_long(easy, CURLOPT_CONNECTTIMEOUT, seconds),
        ccurl_set_long(easy, CURLOPT_LOW_SPEED_LIMIT, 1),
        ccurl_set_long(easy, CURLOPT_LOW_SPEED_TIME, seconds),
      ]
    }

    private func methodOptions(_ easy: UnsafeMutableRawPointer) -> Result<
      [CURLcode], NetworkError
    > {
      let method = request.httpMethod ?? "GET"
      if request.httpBodyStream != nil {
        return .failure(
          .encoding(path: "", detail: "a body stream is not sent; give the body as httpBody"))
      }
      switch method {
      case "GET": return .success([ccurl_set_long(easy, CURLOPT_HTTPGET, 1)])
      case "HEAD": return .success([ccurl_set_long(easy, CURLOPT_NOBODY, 1)])
      default: break
      }
      var codes = [CURLcode]()
      if let body = request.httpBody ?? (method == "POST" ? Data() : nil) {
        codes.append(ccurl_set_offset(easy, CURLOPT_POSTFIELDSIZE_LARGE, curl_off_t(body.count)))
        codes.append(
          body.withUnsafeBytes { bytes in
            // libcurl copies the bytes now (COPYPOSTFIELDS); an empty body still needs a
            // pointer, so a static empty string stands in.
            guard let base = bytes.baseAddress else {
              return ccurl_set_string(easy, CURLOPT_COPYPOSTFIELDS, "")
            }
            return ccurl_set_pointer(
              easy, CURLOPT_COPYPOSTFIELDS, UnsafeMutableRawPointer(mutating: base))
          })
      }
      codes.append(ccurl_set_string(easy, CURLOPT_CUSTOMREQUEST, method))
      return .success(codes)
    }

    private func headerOptions(_ easy: UnsafeMutableRawPointer) -> Result<
      [CURLcode], NetworkError
    > {
      var codes = [CURLcode]()
      var lines = ["Expect:"]  // no 100-continue round trip
      var namesEncoding = false
      for (name, value) in request.allHTTPHeaderFields ?? [:] {
        let unsafe = { (text: String) in
          text.unicodeScalars.contains { $0 == "\r" || $0 == "\n" || $0 == "\0" }
        }
        if unsafe(name) || unsafe(value) || name.contains(":") {
          return .failure(.encoding(path: name, detail: "a header holds a line break"))
        }
        if name.lowercased() == "accept-encoding" {
          namesEncoding = true
          let wanted = value.trimmingCharacters(in: .whitespaces)
          if wanted.lowercased() != "identity" {
            // libcurl sends the header itself and decodes what it allows; the body is
            // counted after decoding.
            acceptsIdentityOnly = false
            codes.append(ccurl_set_string(easy, CURLOPT_ACCEPT_ENCODING, wanted))
            continue
          }
        }
        lines.append(value.isEmpty ? "\(name);" : "\(name): \(value)")
      }
      if !namesEncoding { lines.append("Accept-Encoding: identity") }
      for line in lines {
        guard let longer = curl_slist_append(headerList, line) else {
          return .failure(.transport(.other(code: Int(CURLE_OUT_OF_MEMORY.rawValue))))
        }
        headerList = longer
      }
      codes.append(ccurl_set_headers(easy, headerList))
      return .success(codes)
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

  // The C callbacks: each finds its transfer through the context pointer, which the engine
  // keeps alive (in its table of active transfers) for as long as libcurl may call back.

  /// The transfer behind a callback's context and the callback's bytes, or `nil` to stop.
  private func callbackBytes(
    _ pointer: UnsafeMutablePointer<CChar>?, _ size: Int, _ count: Int,
    _ context: UnsafeMutableRawPointer?
  ) -> (CurlTransfer, UnsafeRawBufferPointer)? {
    let (total, overflow) = size.multipliedReportingOverflow(by: count)
    guard let context, !overflow else { return nil }
    let transfer = Unmanaged<CurlTransfer>.fromOpaque(context).takeUnretainedValue()
    return (transfer, UnsafeRawBufferPointer(start: pointer, count: total))
  }

  private let curlWriteBody: ccurl_data_callback = { pointer, size, count, context in
    guard let (transfer, bytes) = callbackBytes(pointer, size, count, context) else { return 0 }
    return transfer.receive(bytes)
  }

  private let curlReadHeader: ccurl_data_callback = { pointer, size, count, context in
    guard let (transfer, bytes) = callbackBytes(pointer, size, count, context) else { return 0 }
    return transfer.receiveHeader(bytes)
  }

  private let curlCheckStop: ccurl_progress_callback = { context, _, _, _, _ in
    guard let context else { return 1 }
    return Unmanaged<CurlTransfer>.fromOpaque(context).takeUnretainedValue().isStopped ? 1 : 0
  }
#endif
