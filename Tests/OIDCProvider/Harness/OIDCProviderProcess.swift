import Foundation
import TestSupport

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// One django-oauth-toolkit provider (Tests/OIDCProvider/serve.py) in a fresh data folder,
/// on a loopback port. It exits when its stdin closes, so it never outlives the test process.
/// Tests mostly take one from `SharedProviders` rather than starting their own.
///
/// ```swift
/// let provider = try await OIDCProviderProcess(python: python, accessSeconds: 60)
/// let configuration = try OIDCConfiguration(
///   issuer: provider.issuer, clientID: "koober-public", defaultUserType: .passenger,
///   revocationEndpoint: provider.revocationEndpoint, userTypeClaim: "koober_type")
/// await provider.stop()
/// ```
public final class OIDCProviderProcess: Sendable {
  /// Why a provider could not be had.
  public struct Failure: Error, CustomStringConvertible {
    /// What went wrong.
    public let description: String
  }

  /// The issuer, `http://127.0.0.1:PORT/o`.
  public let issuer: URL
  /// `http://127.0.0.1:PORT`.
  public let baseURL: URL
  private let child: ChildProcess
  private let folder: TemporaryDirectory
  /// The Python running it, which runs `person.py` too.
  private let python: URL

  /// Starts a provider and waits until it serves.
  /// - Parameters:
  ///   - python: The Python with django-oauth-toolkit.
  ///   - accessSeconds: The access-token lifetime.
  ///   - refreshGraceSeconds: How long a spent refresh token gets the same pair again
  ///     (django-oauth-toolkit's `REFRESH_TOKEN_GRACE_PERIOD_SECONDS`); serve.py's 3 s by
  ///     default.
  /// - Throws: `Failure` when it does not start within two minutes (migrations take seconds
  ///   on a loaded machine).
  public init(python: URL, accessSeconds: Int, refreshGraceSeconds: Int = 3) async throws {
    self.python = python
    folder = try TemporaryDirectory(prefix: "koober-oidc")
    let script = ProviderAvailability.packageRoot
      .appendingPathComponent("Tests/OIDCProvider/serve.py")
    child = try ChildProcess(
      executable: python,
      arguments: [
        script.path, folder.path("data"), "--access-seconds", String(accessSeconds),
        "--refresh-grace-seconds", String(refreshGraceSeconds), "--exit-with-stdin",
      ])
    let prefix = "OIDC provider listening on "
    guard let line = await child.readLine(timeout: .seconds(120)), line.hasPrefix(prefix),
      let url = URL(string: String(line.dropFirst(prefix.count)))
    else {
      child.signal(SIGKILL)
      let errors = await child.readErrorToEnd()
      folder.remove()
      throw Failure(
        description: "the provider did not start: \(errors.suffix(2000))")
    }
    baseURL = url
    issuer = url.appendingPathComponent("o")
  }

  /// The RFC 7009 endpoint, which django-oauth-toolkit's discovery does not name.
  public var revocationEndpoint: URL { issuer.appendingPathComponent("revoke_token/") }

  /// The RFC 8628 endpoint, which django-oauth-toolkit's discovery does not name.
  public var deviceAuthorizationEndpoint: URL {
    issuer.appendingPathComponent("device-authorization/")
  }

  /// `person.py`: a person at a browser, who signs in on the provider's own pages. As
  /// `BROWSER` for `koober sign-in --browser`; see the script for its settings.
  public static var person: URL {
    ProviderAvailability.packageRoot.appendingPathComponent("Tests/OIDCProvider/person.py")
  }

  /// The user code of the newest pending device sign-in, or `nil` when none is pending:
  /// what the person reads off the device's screen.
  public func pendingUserCode() async throws -> String? {
    let (data, response) = try await URLSession.shared.data(
      from: baseURL.appendingPathComponent("test/pending-user-code"))
    guard (response as? HTTPURLResponse)?.statusCode == 200 else { return nil }
    return try JSONDecoder().decode([String: String].self, from: data)["user_code"]
  }

  /// Waits (up to a minute) until a device sign-in is pending, then has `username` sign in
  /// on the provider's own pages, enter its user code on `/o/device/` and accept or deny it.
  /// - Returns: The user code decided, or `nil` when none came or the pages refused it.
  public func decidePendingDeviceSignIn(as username: String, accept: Bool) async throws
    -> String?
  {
    for _ in 0..<600 {
      if let code = try await pendingUserCode() {
        let person = try ChildProcess(
          executable: python,
          arguments: [
            Self.person.path, "device", baseURL.absoluteString, code,
            accept ? "accept" : "deny",
          ],
          environment: ProcessInfo.processInfo.environment.merging(
            ["KOOBER_TEST_PERSON": username]) { $1 })
        guard case .exited(0) = await person.waitForExit(timeout: .seconds(60)) else {
          return nil
        }
        return code
      }
      try await Task.sleep(for: .milliseconds(100))
    }
    return nil
  }

  /// How many token requests each grant type made so far.
  /// - Returns: e.g. `["password": 3, "refresh_token": 1]`.
  public func tokenRequests() async throws -> [String: Int] {
    let (data, _) = try await URLSession.shared.data(
      from: baseURL.appendingPathComponent("test/counters"))
    return try JSONDecoder().decode([String: Int].self, from: data)
  }

  /// Kills the provider and removes its data.
  public func stop() async {
    child.signal(SIGKILL)
    _ = await child.waitForExit(timeout: .seconds(10))
    folder.remove()
  }
}
