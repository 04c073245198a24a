import Foundation
import KooberBackend
import Testing
import TestSupport

/// A Koober backend in the test process, in demo mode (the outbox holds a driver's code),
/// which `koober --server URL` signs in with; it outlives each `koober` run, so a test can
/// ask it afterwards whether a refresh token is still live. Stop it with `defer`.
final class AccountsBackend: @unchecked Sendable {  // Used by one test at a time, on its task.
  /// The running backend.
  private(set) var backend: KooberBackend
  private var configuration: KooberBackend.Configuration

  /// Starts it with its database in `folder`.
  /// - Parameter folder: The backend's data folder.
  init(folder: URL) throws {
    configuration = KooberBackend.Configuration(dataDirectory: folder)
    configuration.passwordIterations = 1000
    configuration.demoMode = true
    backend = try KooberBackend.start(configuration)
    configuration.port = UInt16(backend.baseURL.port ?? 0)
  }

  /// Starts it again, after `stop()`, on the same port and data.
  func restart() throws { backend = try KooberBackend.start(configuration) }

  /// The URL `--server` takes.
  var url: String { backend.baseURL.absoluteString }

  /// Stops it.
  func stop() { backend.stop() }

  /// Revokes `token`'s family at the server, as another device's sign-out would.
  /// - Parameter token: A refresh token.
  /// - Returns: The status (204).
  func revoke(_ token: String) async -> Int? {
    await RawClient.request(
      port: configuration.port, "POST", "/v1/auth/revoke",
      headers: ["Host: 127.0.0.1", "Content-Type: application/json"],
      body: "{\"refreshToken\":\"\(token)\"}")?.status
  }

  /// The status `POST /v1/auth/refresh` answers for `token`: 200 while its family is live,
  /// 401 once it was revoked. It spends the token, so a test asks last.
  /// - Parameter token: A refresh token.
  func refreshStatus(_ token: String) async -> Int? {
    await RawClient.request(
      port: configuration.port, "POST", "/v1/auth/refresh",
      headers: ["Host: 127.0.0.1", "Content-Type: application/json"],
      body: "{\"refreshToken\":\"\(token)\"}")?.status
  }
}

extension KooberFixture {
  /// The refresh token of every session stored under the data folder, by the account's
  /// identifier: whatever the store's layout, each session is a property list holding both.
  func storedRefreshTokens() -> [String: String] {
    var tokens: [String: String] = [:]
    let walker = FileManager.default.enumerator(at: dataFolder, includingPropertiesForKeys: nil)
    while let url = walker?.nextObject() as? URL {
      guard let data = FileManager.default.contents(atPath: url.path),
        let plist = try? PropertyListSerialization.propertyList(from: data, format: nil),
        let record = plist as? [String: Any],
        let identifier = record["identifier"] as? String,
        let token = record["refreshToken"] as? String
      else { continue }
      tokens[identifier] = token
    }
    return tokens
  }

  /// Signs `email` in on `server` with `koober sign-in`, and for a driver finishes with the
  /// one-time code from `koober outbox` and `koober verify`.
  /// - Returns: The output of the step that finished the sign-in.
  func signIn(on server: String, _ email: String, password: String = "Ride1234") async throws
    -> ProcessResult
  {
    let signIn = try await run(
      on: server, ["sign-in", "--email", email, "--password-stdin"], stdin: password + "\n")
    guard signIn.status == 3 else { return signIn }
    let outbox = try await run(on: server, ["outbox", "--to", email])
    let code = try #require(Transcript.lastCode(in: outbox.stdout), "outbox: \(outbox.stdout)")
    return try await run(on: server, ["verify", "--code", code])
  }
}
