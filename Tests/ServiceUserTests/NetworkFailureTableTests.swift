import Foundation
import LoginCore
import NetworkClient
import ServiceUserKoober
import Testing
import UserModel

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Every `NetworkError` case, its kind and the failure LoginCore's one table gives it.
let networkFailureRows: [(error: NetworkError, kind: NetworkError.Kind, failure: AuthFailure)] = {
  func answer(_ status: Int) -> AuthFailure {
    .unavailable(.unexpectedAnswer(status: status, "the server answered HTTP \(status)."))
  }
  let unreadable = AuthFailure.unavailable(.serverTrouble("the answer could not be read."))
  let notSent = AuthFailure.unavailable(
    .serverTrouble("the request could not be sent as built."))
  return [
    (.cancelled, .cancelled, .refused(.signInCancelled)),
    (.transport(.offline), .noConnection, .unavailable(.offline)),
    (.transport(.hostNotFound), .noConnection, .unavailable(.offline)),
    (.transport(.connectionRefused), .noConnection, .unavailable(.offline)),
    (.transport(.connectionLost), .noConnection, .unavailable(.offline)),
    (.transport(.tls), .noConnection, .unavailable(.offline)),
    (.transport(.other(code: -1)), .noConnection, .unavailable(.offline)),
    (.timeout, .timeout, .unavailable(.timeout)),
    (.authorizationUnavailable(reason: "no session"), .noCredentials, .refused(.sessionEnded)),
    (.http(status: 500, body: Data()), .serverFailure(status: 500), answer(500)),
    (.http(status: 502, body: Data("<html>Bad gateway</html>".utf8)),
     .serverFailure(status: 502), answer(502)),
    (.http(status: 503, body: Data()), .serverFailure(status: 503), answer(503)),
    (.http(status: 408, body: Data()), .serverFailure(status: 408), answer(408)),
    (.http(status: 429, body: Data()), .serverFailure(status: 429), answer(429)),
    (.http(status: 302, body: Data()), .unexpectedStatus(status: 302), answer(302)),
    (.http(status: 404, body: Data("not here".utf8)), .unexpectedStatus(status: 404),
     answer(404)),
    (.http(status: 401, body: Data()), .unexpectedStatus(status: 401), answer(401)),
    (.responseTooLarge(limit: 1024), .unreadableAnswer, unreadable),
    (.decoding(path: "user.id", detail: "missing"), .unreadableAnswer, unreadable),
    (.unexpectedResponse("not HTTP"), .unreadableAnswer, unreadable),
    (.encoding(path: "name", detail: "NaN"), .notSent, notSent),
    (.invalidURL("no host"), .notSent, notSent),
    (.insecureURL(host: "api.example.com"), .notSent, notSent),
    (.userInfoInURL(host: "api.example.com"), .notSent, notSent),
  ]
}()

/// The failure's code, with the status when it carries one: what an adapter must agree on
/// with the table (the detail may say more).
func tableShape(_ failure: AuthFailure?) -> String {
  guard let failure else { return "no failure" }
  if case .unavailable(.unexpectedAnswer(let status, _)) = failure {
    return "\(failure.code) \(status)"
  }
  return failure.code
}

@Suite("One table turns a NetworkError into an AuthFailure")
struct NetworkFailureTableTests {
  @Test("every NetworkError case has its kind and its failure")
  func table() {
    for row in networkFailureRows {
      #expect(row.error.kind == row.kind, "\(row.error)")
      #expect(AuthFailure(row.error.kind) == row.failure, "\(row.error)")
    }
  }

  @Test("the rows hold every NetworkError case")
  func everyCase() {
    // No default: a new NetworkError case stops this test compiling until it has a row.
    func name(_ error: NetworkError) -> String {
      switch error {
      case .invalidURL: "invalidURL"
      case .insecureURL: "insecureURL"
      case .userInfoInURL: "userInfoInURL"
      case .encoding: "encoding"
      case .authorizationUnavailable: "authorizationUnavailable"
      case .transport: "transport"
      case .timeout: "timeout"
      case .cancelled: "cancelled"
      case .http: "http"
      case .decoding: "decoding"
      case .unexpectedResponse: "unexpectedResponse"
      case .responseTooLarge: "responseTooLarge"
      }
    }
    #expect(Set(networkFailureRows.map { name($0.error) }).count == 12)
  }

  @Test("a cancelled request is cancelled, never offline, and keeps the session")
  func cancelled() {
    let failure = AuthFailure(NetworkError.cancelled.kind)
    #expect(failure.code == "sign_in_cancelled")
    #expect(failure != .unavailable(.offline))
    #expect(!failure.endsSession)
  }

  @Test("an adapter's own detail replaces the table's, never its case")
  func detail() {
    #expect(
      AuthFailure(.serverFailure(status: 502), detail: "the provider answered HTTP 502.")
        == .unavailable(.unexpectedAnswer(status: 502, "the provider answered HTTP 502.")))
    #expect(
      AuthFailure(.cancelled, detail: "ignored") == .refused(.signInCancelled))
  }

  @Test("Koober's adapter falls back to the table for everything but its error envelope")
  func kooberFallsBackToTheTable() async throws {
    let credentials = SignInCredentials(identifier: "ann@example.com", password: "Pass1234")
    // An unauthorized call never lacks a token; that row is the authorized calls'.
    for row in networkFailureRows where row.kind != .noCredentials {
      let api = KooberAuthAPI(network: ScriptedTransport.client(.failing(row.error)))
      var failure: AuthFailure?
      do { _ = try await api.signIn(credentials) } catch { failure = error }
      #expect(tableShape(failure) == tableShape(row.failure), "\(row.error)")
    }
  }

  @Test(
    "Koober's adapter reads real answers through the table: 5xx, 3xx, an unreadable 2xx",
    arguments: [
      (500, "", "unexpected_answer 500"),
      (502, "<html>Bad gateway</html>", "unexpected_answer 502"),
      (503, #"{"detail": "down for maintenance"}"#, "unexpected_answer 503"),
      (301, "Moved Permanently", "unexpected_answer 301"),
      (307, "", "unexpected_answer 307"),
      (200, "{not json", "server_trouble"),
    ])
  func kooberAnswersThroughTheTable(status: Int, body: String, shape: String) async throws {
    let api = KooberAuthAPI(
      network: ScriptedTransport.client(.answering(status, Data(body.utf8))))
    var failure: AuthFailure?
    do {
      _ = try await api.signIn(
        SignInCredentials(identifier: "ann@example.com", password: "Pass1234"))
    } catch {
      failure = error
    }
    #expect(tableShape(failure) == shape)
    let kind: NetworkError.Kind =
      status < 300 ? .unreadableAnswer : NetworkError.Kind(status: status)
    #expect(tableShape(failure) == tableShape(AuthFailure(kind)))
  }

  @Test("Koober's error envelope is read before the table")
  func kooberEnvelopeFirst() async throws {
    func signIn(_ status: Int, _ body: String) async -> AuthFailure? {
      let api = KooberAuthAPI(
        network: ScriptedTransport.client(.answering(status, Data(body.utf8))))
      do {
        _ = try await api.signIn(
          SignInCredentials(identifier: "ann@example.com", password: "Pass1234"))
        return nil
      } catch { return error }
    }
    #expect(
      await signIn(503, #"{"error": {"code": "server_busy", "message": "x", "retryAfter": 7}}"#)
        == .unavailable(.busy(retryAfterSeconds: 7)))
    #expect(
      await signIn(401, #"{"error": {"code": "invalid_credentials", "message": "x"}}"#)
        == .refused(.invalidCredentials(.email)))
    #expect(tableShape(await signIn(503, "")) == "unexpected_answer 503")
  }
}

/// A transport that fails every request with one error, or answers one status and body.
struct ScriptedTransport: HTTPTransport {
  enum Script: Sendable {
    case failing(NetworkError)
    case answering(Int, Data)
  }

  let script: Script

  /// A client over this transport that never retries, so each request is sent once.
  static func client(_ script: Script) -> NetworkClient {
    NetworkClient(
      baseURL: URL(string: "https://api.example.com")!,
      transport: ScriptedTransport(script: script), retryPolicy: .none)
  }

  func send(_ request: URLRequest, timeout: Duration?) async throws(NetworkError)
    -> (Data, HTTPURLResponse)
  {
    switch script {
    case .failing(let error): throw error
    case .answering(let status, let body):
      let response = HTTPURLResponse(
        url: request.url!, statusCode: status, httpVersion: "HTTP/1.1",
        headerFields: ["Content-Type": "application/json"])!
      return (body, response)
    }
  }
}
