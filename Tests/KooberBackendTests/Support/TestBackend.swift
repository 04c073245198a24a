import Foundation
import KooberBackend
import TestSupport

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// A backend on its own port and temporary folder, with fast hashes and a clock the test
/// moves, plus a small URLSession client for it.
final class TestBackend: Sendable {
  let folder: TemporaryDirectory
  let clock: ManualDateSource
  let backend: KooberBackend
  let session: URLSession

  /// Starts a backend.
  /// - Parameters:
  ///   - demoMode: whether the outbox is served.
  ///   - adjust: changes to the test configuration.
  convenience init(
    demoMode: Bool = true,
    adjust: (inout KooberBackend.Configuration) -> Void = { _ in }
  ) throws {
    let folder = try TemporaryDirectory(prefix: "koober-backend")
    let clock = ManualDateSource()
    var configuration = KooberBackend.Configuration(dataDirectory: folder.url("data"))
    configuration.demoMode = demoMode
    configuration.passwordIterations = 1_000
    configuration.now = { clock.now }
    adjust(&configuration)
    try self.init(folder: folder, clock: clock, configuration: configuration)
  }

  private init(
    folder: TemporaryDirectory, clock: ManualDateSource,
    configuration: KooberBackend.Configuration
  ) throws {
    self.folder = folder
    self.clock = clock
    backend = try KooberBackend.start(configuration)
    // Concurrency tests send dozens of requests at once; URLSession's default of 6
    // connections per host would queue them on the client instead.
    let sessionConfiguration = URLSessionConfiguration.ephemeral
    sessionConfiguration.httpMaximumConnectionsPerHost = 64
    session = URLSession(configuration: sessionConfiguration)
  }

  /// Stops this backend and starts another on the same folder, database and clock, e.g. to
  /// change a setting that only applies at start. Stopping this one again later is harmless.
  /// - Parameter adjust: changes to this backend's configuration.
  /// - Returns: the new backend.
  func restarted(
    adjust: (inout KooberBackend.Configuration) -> Void = { _ in }
  ) throws -> TestBackend {
    session.finishTasksAndInvalidate()
    backend.stop()
    var configuration = backend.configuration
    configuration.port = 0
    adjust(&configuration)
    return try TestBackend(folder: folder, clock: clock, configuration: configuration)
  }

  /// Stops the server and removes the folder.
  func stop() {
    session.finishTasksAndInvalidate()
    backend.stop()
    folder.remove()
  }

  /// Sends a request with a JSON body built from a dictionary.
  func send(
    _ method: String, _ path: String, json: [String: Any], token: String? = nil
  ) async throws -> APIResponse {
    let body = try JSONSerialization.data(withJSONObject: json)
    return try await send(method, path, body: body, token: token)
  }

  /// Sends a request with raw body bytes, as JSON (API.md's 415 otherwise) unless `headers`
  /// name another `Content-Type`.
  func send(
    _ method: String, _ path: String, body: Data? = nil, token: String? = nil,
    headers: [String: String] = [:]
  ) async throws -> APIResponse {
    guard let url = URL(string: backend.baseURL.absoluteString + path) else {
      throw URLError(.badURL)
    }
    var request = URLRequest(url: url)
    request.httpMethod = method
    request.httpBody = body
    if body != nil { request.setValue("application/json", forHTTPHeaderField: "Content-Type") }
    if let token { request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization") }
    for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
    let (data, response) = try await session.data(for: request)
    guard let http = response as? HTTPURLResponse else { throw URLError(.badServerResponse) }
    return APIResponse(status: http.statusCode, response: http, body: data)
  }

  /// Signs a user up and returns the session's JSON.
  @discardableResult
  func signUp(
    _ email: String, password: String = "passw0rd!", name: String? = nil,
    type: String = "passenger"
  ) async throws -> APIResponse {
    var json: [String: Any] = ["email": email, "password": password, "type": type]
    if let name { json["name"] = name }
    return try await send("POST", "/v1/auth/sign-up", json: json)
  }

  /// Signs in.
  func signIn(_ email: String, password: String = "passw0rd!") async throws -> APIResponse {
    try await send("POST", "/v1/auth/sign-in", json: ["email": email, "password": password])
  }

  /// The newest one-time code sent to an email, read from the outbox.
  func latestCode(for email: String) async throws -> String? {
    let query = email.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? email
    let response = try await send("GET", "/v1/dev/outbox?to=\(query)")
    let messages = response.json["messages"] as? [[String: Any]] ?? []
    guard let body = messages.last?["body"] as? String else { return nil }
    return String(body.suffix(6))
  }
}

/// A response: status, headers, and the body parsed as a JSON object when it is one.
struct APIResponse: Sendable {
  let status: Int
  let headers: [String: String]
  let body: Data

  init(status: Int, response: HTTPURLResponse, body: Data) {
    self.status = status
    var headers: [String: String] = [:]
    for (name, value) in response.allHeaderFields {
      if let name = name as? String, let value = value as? String {
        headers[name.lowercased()] = value
      }
    }
    self.headers = headers
    self.body = body
  }

  /// The body as a JSON object; empty when it is not one.
  var json: [String: Any] {
    (try? JSONSerialization.jsonObject(with: body)) as? [String: Any] ?? [:]
  }

  /// `error.code`, or nil.
  var errorCode: String? { error["code"] as? String }

  /// The `error` object; empty when there is none.
  var error: [String: Any] { json["error"] as? [String: Any] ?? [:] }

  /// A top-level string field.
  func string(_ key: String) -> String? { json[key] as? String }

  /// `user` of a Session.
  var user: [String: Any] { json["user"] as? [String: Any] ?? [:] }
}
