import Foundation
import Localization
import LoginCore
import NetworkClient
import ServiceRide
import Testing

@Suite("A ride's failure agrees with an account's for every network failure")
struct RideFailureAgreementTests {
  /// Every `NetworkError` case without Koober's error envelope, and what a ride and an account
  /// make of it: the ride error, and the account failure's code.
  static let rows: [(NetworkError, RideError, String)] = [
    (.cancelled, .cancelled, "sign_in_cancelled"),
    (.transport(.offline), .offline, "offline"),
    (.transport(.connectionRefused), .offline, "offline"),
    (.transport(.tls), .offline, "offline"),
    (.timeout, .timeout, "timeout"),
    (.authorizationUnavailable(reason: "no session"), .notSignedIn, "session_ended"),
    (.http(status: 500, body: Data()), .serverUnavailable(status: 500), "unexpected_answer"),
    (.http(status: 502, body: Data("<html>".utf8)), .serverUnavailable(status: 502),
     "unexpected_answer"),
    (.http(status: 408, body: Data()), .serverUnavailable(status: 408), "unexpected_answer"),
    (.http(status: 429, body: Data()), .serverUnavailable(status: 429), "unexpected_answer"),
  ]

  @Test("cancelled, offline, timeout, no session and a failing server read alike")
  func agreement() {
    for (network, ride, account) in Self.rows {
      #expect(RideError(network) == ride, "\(network)")
      #expect(AuthFailure(network.kind).code == account, "\(network)")
    }
  }

  @Test("a failing server keeps its status in both, with or without a body")
  func status() {
    for status in [500, 503, 504, 408, 429] {
      for body in [Data(), Data("<html>down</html>".utf8)] {
        let network = NetworkError.http(status: status, body: body)
        #expect(RideError(network) == .serverUnavailable(status: status))
        #expect(RideError(network).isTransient)
        guard case .unavailable(.unexpectedAnswer(let kept, _)) = AuthFailure(network.kind)
        else {
          Issue.record("HTTP \(status): \(AuthFailure(network.kind))")
          continue
        }
        #expect(kept == status)
      }
    }
  }

  @Test("any other status, an unreadable answer or one never sent is trouble in both")
  func trouble() {
    let errors: [NetworkError] = [
      .http(status: 302, body: Data()), .http(status: 404, body: Data("x".utf8)),
      .responseTooLarge(limit: 10), .decoding(path: "rides[0]", detail: "bad"),
      .unexpectedResponse("not HTTP"), .encoding(path: "x", detail: "NaN"),
      .invalidURL("no host"), .insecureURL(host: "h"), .userInfoInURL(host: "h"),
    ]
    for network in errors {
      #expect(RideError(network).code == "server_trouble", "\(network)")
      #expect(!RideError(network).isTransient, "\(network)")
      #expect(
        ["unexpected_answer", "server_trouble"].contains(AuthFailure(network.kind).code),
        "\(network)")
    }
  }

  @Test("the envelope's unknown codes follow the same status classification")
  func envelope() {
    func http(_ status: Int) -> NetworkError {
      .http(status: status, body: Data(#"{"error": {"code": "odd", "message": "M."}}"#.utf8))
    }
    Texts.$scopedLanguage.withValue(.english) {
      #expect(RideError(http(503)) == .serverUnavailable(status: 503))
      #expect(RideError(http(418)) == .serverTrouble("HTTP 418 odd: M."))
    }
    #expect(NetworkError.Kind(status: 503) == http(503).kind)
  }
}
