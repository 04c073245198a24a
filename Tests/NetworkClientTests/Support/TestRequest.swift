import Foundation
import NetworkClient

/// One configurable JSON request, so each test states exactly what it sends.
struct TestRequest<Value: Decodable & Sendable>: DefaultRequest {
  struct Configuration: Sendable {
    var method: HTTPMethod = .get
    var path: String
    var query: [URLQueryItem] = []
    var body: [String: String]?
    var headers: [String: String] = [:]
    var requiresAuthorization = false
    var retryPolicy: RetryPolicy?
    var timeout: Duration?
    var refusesResult = false
  }

  typealias Result = Value
  typealias ResultData = Value

  let configuration: Configuration
  init(configuration: Configuration) { self.configuration = configuration }

  init(
    _ method: HTTPMethod = .get, _ path: String, query: [URLQueryItem] = [],
    body: [String: String]? = nil, authorized: Bool = false, retry: RetryPolicy? = nil,
    timeout: Duration? = nil, refusesResult: Bool = false
  ) {
    self.init(
      configuration: Configuration(
        method: method, path: path, query: query, body: body, requiresAuthorization: authorized,
        retryPolicy: retry, timeout: timeout, refusesResult: refusesResult))
  }

  var method: HTTPMethod { configuration.method }
  var path: String { configuration.path }
  var query: [URLQueryItem] { configuration.query }
  var body: (any Encodable & Sendable)? { configuration.body }
  var headers: [String: String] { configuration.headers }
  var requiresAuthorization: Bool { configuration.requiresAuthorization }
  var retryPolicy: RetryPolicy? { configuration.retryPolicy }
  var timeout: Duration? { configuration.timeout }

  func transform(_ result: Value) -> Value? {
    configuration.refusesResult ? nil : result
  }
}

/// The outcome of a request as a value, so tests can compare whole outcomes.
enum Outcome<Value: Equatable & Sendable>: Equatable, Sendable {
  case success(Value)
  case failure(NetworkError)
}

extension TestRequest where Value: Equatable {
  /// Performs the request and captures its outcome.
  func outcome(on client: NetworkClient) async -> Outcome<Value> {
    do {
      return .success(try await perform(on: client))
    } catch {
      return .failure(error)
    }
  }
}

/// A small JSON object the tests decode.
struct Item: Codable, Equatable, Sendable {
  var id: Int
  var name: String
}

/// Test retry policy: the default rules with waits of milliseconds.
extension RetryPolicy {
  static let fast = RetryPolicy(baseDelay: .milliseconds(10), maxDelay: .seconds(30))
}
