#if canImport(CCurl)
  import CCurl
  import Foundation
  import FoundationNetworking

  extension CurlTransfer {
    /// Gives libcurl the request: URL, method, headers, body, timeout and callbacks.
    func configure(_ easy: UnsafeMutableRawPointer) -> NetworkError? {
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
      for (name, value) in request.allHTTPHeaderFields ?? [:] {
        let unsafe = { (text: String) in
          text.unicodeScalars.contains { $0 == "\r" || $0 == "\n" || $0 == "\0" }
        }
        if unsafe(name) || unsafe(value) || name.contains(":") {
          return .failure(.encoding(path: name, detail: "a header holds a line break"))
        }
        if name.lowercased() == "accept-encoding" {
          let wanted = value.trimmingCharacters(in: .whitespaces)
          if wanted.lowercased() != "identity" {
            // libcurl sends the header itself and decodes what it allows; the receiver
            // counts the body after decoding.
            codes.append(ccurl_set_string(easy, CURLOPT_ACCEPT_ENCODING, wanted))
            continue
          }
        }
        lines.append(value.isEmpty ? "\(name);" : "\(name): \(value)")
      }
      for line in lines {
        guard let longer = curl_slist_append(headerList, line) else {
          return .failure(.transport(.other(code: Int(CURLE_OUT_OF_MEMORY.rawValue))))
        }
        headerList = longer
      }
      codes.append(ccurl_set_headers(easy, headerList))
      return .success(codes)
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
