import Foundation
import NetworkClient

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// A value shared between a test and the server's handler threads.
final class Shared<Value: Sendable>: @unchecked Sendable {
  private let lock = NSLock()
  private var stored: Value

  init(_ value: Value) { stored = value }

  var value: Value { lock.withLock { stored } }

  @discardableResult
  func update<Result>(_ body: (inout Value) -> Result) -> Result {
    lock.withLock { body(&stored) }
  }
}

/// Counts the requests a handler is working on, and the most at once.
final class InFlight: Sendable {
  private let counts = Shared((now: 0, most: 0, total: 0))

  func enter() {
    counts.update {
      $0.now += 1
      $0.total += 1
      $0.most = max($0.most, $0.now)
    }
  }

  func leave() { counts.update { $0.now -= 1 } }

  var most: Int { counts.value.most }
  var total: Int { counts.value.total }
}

/// A clock whose sleeps return at once and are recorded, so retry waits can be asserted
/// exactly without waiting for them.
final class RecordingClock: Clock, Sendable {
  struct Instant: InstantProtocol {
    var offset: Duration
    func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
    func duration(to other: Instant) -> Duration { other.offset - offset }
    static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
  }

  private let state = Shared((now: Duration.zero, sleeps: [Duration]()))

  var now: Instant { Instant(offset: state.value.now) }
  var minimumResolution: Duration { .zero }
  var sleeps: [Duration] { state.value.sleeps }

  func sleep(until deadline: Instant, tolerance: Duration?) async throws {
    try Task.checkCancellation()
    state.update {
      $0.sleeps.append(deadline.offset - $0.now)
      $0.now = max($0.now, deadline.offset)
    }
  }
}

/// An authorization provider with scripted tokens that records how it was used.
actor TestTokens: AuthorizationProvider {
  enum Renewal: Sendable {
    case succeeds
    case fails(NetworkError)
  }

  private(set) var current: String
  private let renewal: Renewal
  private(set) var rejectedTokens: [String] = []
  private(set) var refreshCount = 0

  init(_ current: String, renewal: Renewal = .succeeds) {
    self.current = current
    self.renewal = renewal
  }

  func accessToken() async throws -> String { current }

  func renewAccessToken(after rejectedToken: String) async throws -> String {
    rejectedTokens.append(rejectedToken)
    // Another request already renewed the token this one was refused with.
    guard rejectedToken == current else { return current }
    switch renewal {
    case .succeeds:
      refreshCount += 1
      current = "token-\(refreshCount + 1)"
      return current
    case .fails(let error):
      throw error
    }
  }
}

/// Records the errors the unauthorized hook hears.
final class HookRecorder: Sendable {
  private let calls = Shared([NetworkError]())

  var errors: [NetworkError] { calls.value }

  var hook: @Sendable (NetworkError) async -> Void {
    { [calls] error in calls.update { $0.append(error) } }
  }
}

/// A real URLSession transport that also records how each attempt ended.
final class ObservedTransport: HTTPTransport {
  private let inner = URLSessionTransport()
  private let endings = Shared([Swift.Result<Int, NetworkError>]())

  var results: [Swift.Result<Int, NetworkError>] { endings.value }

  func send(_ request: URLRequest, timeout: Duration?) async throws(NetworkError)
    -> (Data, HTTPURLResponse)
  {
    do {
      let answer = try await inner.send(request, timeout: timeout)
      endings.update { $0.append(.success(answer.1.statusCode)) }
      return answer
    } catch {
      endings.update { $0.append(.failure(error)) }
      throw error
    }
  }
}

/// A transport that records requests and never touches the network.
final class RecordingTransport: HTTPTransport {
  private let requests = Shared([URLRequest]())

  var sent: [URLRequest] { requests.value }

  func send(_ request: URLRequest, timeout: Duration?) async throws(NetworkError)
    -> (Data, HTTPURLResponse)
  {
    requests.update { $0.append(request) }
    guard let url = request.url,
      let response = HTTPURLResponse(
        url: url, statusCode: 200, httpVersion: "HTTP/1.1", headerFields: nil)
    else { throw .unexpectedResponse("no URL") }
    return (Data("{}".utf8), response)
  }
}

/// Runs `operation`, giving up after `limit`: `nil` when it did not finish in time. Returns
/// at the limit even when the operation never ends (it is left running).
func within<T: Sendable>(
  _ limit: Duration, _ operation: @escaping @Sendable () async -> T
) async -> T? {
  let waiter = Shared<CheckedContinuation<T?, Never>?>(nil)
  let finish: @Sendable (T?) -> Void = { value in
    waiter.update { continuation in
      continuation?.resume(returning: value)
      continuation = nil
    }
  }
  return await withCheckedContinuation { continuation in
    waiter.update { $0 = continuation }
    Task { finish(await operation()) }
    Task {
      try? await Task.sleep(for: limit)
      finish(nil)
    }
  }
}
