import Foundation
import KooberBackend
import RideModel
import TestSupport

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// A backend for one ride test, on its own port and in its own folder, with cheap password
/// hashes, and a real URLSession to call it with.
final class RideTestBackend: Sendable {
  let folder: TemporaryDirectory
  let backend: KooberBackend
  let session = URLSession(configuration: .ephemeral)

  /// Starts a backend.
  /// - Parameters:
  ///   - other: a backend whose folder (and so database) to share, e.g. to look at the data
  ///     another backend left.
  ///   - configure: changes to the configuration (demo mode, intervals, clock, hooks).
  init(
    sharing other: RideTestBackend? = nil,
    configure: (inout KooberBackend.Configuration) -> Void = { _ in }
  ) throws {
    folder = try other?.folder ?? TemporaryDirectory(prefix: "koober-rides")
    var configuration = KooberBackend.Configuration(dataDirectory: folder.url)
    configuration.passwordIterations = 1_000
    configure(&configuration)
    backend = try KooberBackend.start(configuration)
  }

  /// Starts a backend on a hand-moved clock, whose tokens outlive the clock's jumps.
  /// - Parameters:
  ///   - clock: the backend's clock.
  ///   - configure: further changes to the configuration.
  convenience init(
    clock: RideTestClock, configure: (inout KooberBackend.Configuration) -> Void = { _ in }
  ) throws {
    try self.init { configuration in
      configuration.now = { clock.now }
      configuration.accessTokenLifetime = 24 * 60 * 60
      configure(&configuration)
    }
  }

  /// Stops the backend and deletes its folder.
  func stop() {
    backend.stop()
    session.invalidateAndCancel()
    folder.remove()
  }

  /// One request; the answer's status and body.
  /// - Parameters:
  ///   - method: the method.
  ///   - path: the path and query.
  ///   - token: the bearer token, if any.
  ///   - body: the raw body, if any.
  func send(
    _ method: String, _ path: String, token: String? = nil, body: Data? = nil
  ) async throws -> RideAnswer {
    guard let url = URL(string: backend.baseURL.absoluteString + path) else {
      throw URLError(.badURL)
    }
    var request = URLRequest(url: url)
    request.httpMethod = method
    request.httpBody = body
    if let token { request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization") }
    if body != nil { request.setValue("application/json", forHTTPHeaderField: "Content-Type") }
    let (data, response) = try await session.data(for: request)
    guard let http = response as? HTTPURLResponse else { throw URLError(.badServerResponse) }
    return RideAnswer(status: http.statusCode, body: data)
  }

  /// A request with a JSON body written from a value by `RideJSON`'s encoder.
  func send(
    _ method: String, _ path: String, token: String? = nil, json: some Encodable
  ) async throws -> RideAnswer {
    try await send(method, path, token: token, body: try RideJSON.encoder().encode(json))
  }

  /// A request with a JSON body written from plain values (for bodies the models refuse).
  func send(
    _ method: String, _ path: String, token: String? = nil, object: [String: Any]
  ) async throws -> RideAnswer {
    let body = try JSONSerialization.data(withJSONObject: object)
    return try await send(method, path, token: token, body: body)
  }
}

/// A response as a test looks at it.
struct RideAnswer: Sendable {
  let status: Int
  let body: Data

  /// The body decoded with `RideJSON`'s decoder.
  func decode<T: Decodable>(_ type: T.Type = T.self) throws -> T {
    try RideJSON.decoder().decode(T.self, from: body)
  }

  /// API.md's `error.code`, or nil when the body is not an error.
  var errorCode: String? {
    (try? JSONDecoder().decode(ErrorBody.self, from: body))?.error.code
  }

  /// `status code`, e.g. `409 invalid_transition`, or `200` for a success, for compact checks.
  var outcome: String {
    errorCode.map { "\(status) \($0)" } ?? "\(status)"
  }

  private struct ErrorBody: Decodable {
    struct Detail: Decodable { let code: String }
    let error: Detail
  }
}
