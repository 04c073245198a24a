#if canImport(CCurl)
  import CCurl
  import Foundation
  import FoundationNetworking
  import WireFormat

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
    func perform(
      _ request: URLRequest, timeout: Duration?, receiver: any ResponseReceiver
    ) async throws(NetworkError) -> HTTPURLResponse {
      guard multi != nil else {
        throw .transport(.other(code: Int(CURLE_FAILED_INIT.rawValue)))
      }
      if Task.isCancelled { throw .cancelled }
      let transfer = CurlTransfer(request: request, timeout: timeout, receiver: receiver)
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
#endif
