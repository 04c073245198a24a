import Foundation
import KooberBackend
import Testing

/// `koober passkey add` on a session signed in more than 10 minutes ago: the reference
/// backend (in the test process, its clock moved on) answers `403 reauthentication_required`,
/// and koober says in one sentence to sign in again first.
@Suite("koober passkey add asks for a fresh sign-in")
struct PasskeyFreshSignInTests {
  /// The backend's clock: the real time plus a shift a test moves on.
  final class ShiftedTime: @unchecked Sendable {  // Every access holds `lock`.
    private let lock = NSLock()
    private var shift: TimeInterval = 0

    /// Now, as the backend sees it.
    var now: Date { lock.withLock { Date().addingTimeInterval(shift) } }

    /// Moves the backend's time on.
    func advance(by seconds: TimeInterval) { lock.withLock { shift += seconds } }
  }

  @Test("signed in 11 minutes ago: one sentence, exit 1, no key made; after a sign-in, added")
  func staleSessionIsRefused() async throws {
    let fixture = try KooberFixture()
    defer { fixture.remove() }
    let time = ShiftedTime()
    var configuration = KooberBackend.Configuration(
      dataDirectory: fixture.folder.url("server"))
    configuration.passwordIterations = 1000
    configuration.now = { time.now }
    let backend = try KooberBackend.start(configuration)
    defer { backend.stop() }
    let server = backend.baseURL.absoluteString
    try await fixture.signUp(on: server, "ann@example.com", type: "passenger")

    time.advance(by: 11 * 60)
    let stale = try await fixture.run(on: server, ["passkey", "add", "--name", "Ann's laptop"])
    #expect(stale.status == 1)
    #expect(
      stale.stderr
        == "koober: Adding a passkey needs a recent sign-in: sign in again with "
        + "'koober sign-in', then add it.\n")
    let keys = try FileManager.default.subpathsOfDirectory(atPath: fixture.dataFolder.path)
      .filter { $0.hasSuffix(".passkey") }
    #expect(keys.isEmpty, "\(keys)")
    let zh = try await fixture.run(on: server, ["--lang", "zh-Hans", "passkey", "add"])
    #expect(
      zh.stderr == "koober: 添加通行密钥需要最近登录过：请先用 'koober sign-in' 重新登录，再添加。\n")

    let again = try await fixture.run(
      on: server, ["sign-in", "--email", "ann@example.com", "--password-stdin"],
      stdin: "Ride1234\n")
    #expect(again.status == 0, "\(again.stderr)")
    let added = try await fixture.run(on: server, ["passkey", "add", "--name", "Ann's laptop"])
    #expect(added.status == 0, "\(added.stderr)")
    #expect(added.stdout.hasPrefix("Added the passkey 'Ann's laptop' ("))
  }
}
