import Foundation
import LoginCore
import LoopbackServer
import NetworkClient
import ServiceUserOIDC
import ServiceUserTestSupport
import Testing
import UserModel
import WireFormat

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The device authorization grant (RFC 8628) against a fake provider: the start, the polling
/// rules, and each way it ends.
@Suite("device sign-in: start and polling")
struct DeviceSignInTests {
  /// A clock whose waits return at once, recorded, moving a date clock on by as much, so the
  /// codes' expiry comes as it would.
  final class WaitRecorder: Clock, @unchecked Sendable {
    typealias Instant = ContinuousClock.Instant
    private let lock = NSLock()
    private var offset = Duration.zero
    private var recorded: [Int] = []
    private let origin = ContinuousClock.now
    let dates = TestClock(Date())

    var now: Instant { lock.withLock { origin + offset } }
    var minimumResolution: Duration { .nanoseconds(1) }
    var waits: [Int] { lock.withLock { recorded } }

    func sleep(until deadline: Instant, tolerance: Duration?) async throws {
      try Task.checkCancellation()
      let wait = lock.withLock {
        let wait = deadline - (origin + offset)
        offset += wait
        recorded.append(Int(wait.components.seconds))
        return wait
      }
      dates.advance(by: TimeInterval(wait.components.seconds))
    }
  }

  static let deviceAnswer = #"""
    {"device_code": "dc-1", "user_code": "WDJB-MJHT",
     "verification_uri": "https://example.com/device",
     "verification_uri_complete": "https://example.com/device?user_code=WDJB-MJHT",
     "expires_in": 600, "interval": 2}
    """#

  /// A fake whose discovery names a device endpoint answering `device`, a token endpoint
  /// answering `tokens` in turn (the last one again after), and an adapter waiting on a
  /// recorder.
  static func setUp(
    device: HTTPResponse = .json(raw: deviceAnswer), tokens: [HTTPResponse]
  ) throws -> (FakeProvider, OIDCAuthAPI, WaitRecorder) {
    let fake = try FakeProvider()
    fake.answerDiscovery(members: [
      "issuer": "$base", "token_endpoint": "$base/token", "userinfo_endpoint": "$base/userinfo",
      "device_authorization_endpoint": "$base/device",
    ])
    fake.server.route(.post, "/device") { request in
      await fake.requests.record(request)
      return device
    }
    let turn = Locked(0)
    fake.server.route(.post, "/token") { request in
      await fake.requests.record(request)
      let index = turn.withLock { value -> Int in
        defer { value += 1 }
        return value
      }
      return tokens[min(index, tokens.count - 1)]
    }
    fake.server.route(.get, "/userinfo") { _ in .json(raw: #"{"sub": "u-1", "name": "Ann"}"#) }
    let recorder = WaitRecorder()
    let api = OIDCAuthAPI(
      configuration: try fake.configuration(), now: { recorder.dates.now }, clock: recorder)
    return (fake, api, recorder)
  }

  static func oauthError(_ code: String) -> HTTPResponse {
    .json(status: 400, raw: #"{"error": "\#(code)"}"#)
  }

  @Test("the start asks with the client and scopes and shows the code and address")
  func start() async throws {
    let (fake, api, _) = try Self.setUp(tokens: [.json(raw: FakeProvider.tokenAnswer)])
    let started = try await api.startDeviceSignIn()
    #expect(started.userCode == "WDJB-MJHT")
    #expect(started.verificationURI.absoluteString == "https://example.com/device")
    #expect(started.verificationURIComplete?.absoluteString.hasSuffix("WDJB-MJHT") == true)
    #expect(started.interval == 2)
    #expect(started.deviceCode == "dc-1")
    #expect(!"\(started)".contains("dc-1"))
    let form = String(decoding: try #require(await fake.requests.all.first).body, as: UTF8.self)
    #expect(form.contains("client_id=koober-public"))
    #expect(form.contains("scope=openid%20profile%20email") || form.contains("scope=openid+"))
  }

  @Test("pending waits on, slow_down adds 5 s, then the session comes with its user")
  func polling() async throws {
    let (fake, api, recorder) = try Self.setUp(tokens: [
      Self.oauthError("authorization_pending"), Self.oauthError("slow_down"),
      Self.oauthError("authorization_pending"), .json(raw: FakeProvider.tokenAnswer),
    ])
    let started = try await api.startDeviceSignIn()
    let session = try await api.finishDeviceSignIn(started)
    #expect(session.accessToken == "at-1")
    #expect(session.user.id == "u-1")
    #expect(recorder.waits == [2, 2, 7, 7])
    let polls = await fake.requests.all.filter { $0.path == "/token" }
    #expect(polls.count == 4)
    let form = String(decoding: try #require(polls.first).body, as: UTF8.self)
    #expect(form.contains("grant_type=urn%3Aietf%3Aparams%3Aoauth%3Agrant-type%3Adevice_code"))
    #expect(form.contains("device_code=dc-1"))
  }

  @Test(
    "access_denied is the person saying no; expired_token and invalid_grant end it as expired",
    arguments: [
      ("access_denied", AuthFailure.refused(.signInDeclined)),
      ("expired_token", .refused(.signInExpired)), ("invalid_grant", .refused(.signInExpired)),
    ])
  func endings(code: String, expected: AuthFailure) async throws {
    let (_, api, _) = try Self.setUp(tokens: [
      Self.oauthError("authorization_pending"), Self.oauthError(code),
    ])
    let started = try await api.startDeviceSignIn()
    #expect(await failure { try await api.finishDeviceSignIn(started) } == expected)
  }

  @Test("past the codes' lifetime the sign-in ends as expired without another question")
  func expiresByTime() async throws {
    let (fake, api, recorder) = try Self.setUp(
      device: .json(
        raw: #"""
          {"device_code": "dc-1", "user_code": "ABCD", "verification_uri": "https://e.com/d",
           "expires_in": 5, "interval": 2}
          """#),
      tokens: [Self.oauthError("authorization_pending")])
    let started = try await api.startDeviceSignIn()
    #expect(await failure { try await api.finishDeviceSignIn(started) } == .refused(.signInExpired))
    #expect(recorder.waits == [2, 2, 2])
    #expect(await fake.requests.all.filter { $0.path == "/token" }.count == 3)
  }

  /// The real transport, except that the first `failures` token requests get no answer.
  struct FlakyTransport: HTTPTransport {
    let failures: Int
    let seen = Locked(0)
    let real = DefaultHTTPTransport()

    func send(_ request: URLRequest, timeout: Duration?) async throws(NetworkError)
      -> (Data, HTTPURLResponse)
    {
      try await real.send(request, timeout: timeout)
    }

    // The pipeline calls this one, with the endpoint's own limit; forwarding it keeps one
    // byte-level pipeline (the client's) over the real transport.
    func send(_ request: URLRequest, timeout: Duration?, to receiver: any ResponseReceiver)
      async throws(NetworkError) -> HTTPURLResponse
    {
      if request.url?.path == "/token" {
        let count = seen.withLock { value -> Int in
          value += 1
          return value
        }
        if count <= failures { throw .transport(.offline) }
      }
      return try await real.send(request, timeout: timeout, to: receiver)
    }
  }

  @Test("no answer from the token endpoint doubles the interval and polls on")
  func transientFailure() async throws {
    let (fake, _, recorder) = try Self.setUp(tokens: [.json(raw: FakeProvider.tokenAnswer)])
    let api = OIDCAuthAPI(
      configuration: try fake.configuration(), transport: FlakyTransport(failures: 2),
      now: { recorder.dates.now }, clock: recorder)
    let session = try await api.finishDeviceSignIn(try await api.startDeviceSignIn())
    #expect(session.accessToken == "at-1")
    #expect(recorder.waits == [2, 4, 8])
  }

  @Test("cancelling the waiting task ends the sign-in during its wait, as cancelled")
  func cancelled() async throws {
    let fake = try FakeProvider()
    fake.answerDiscovery(members: [
      "issuer": "$base", "token_endpoint": "$base/token",
      "device_authorization_endpoint": "$base/device",
    ])
    let slow = Self.deviceAnswer.replacingOccurrences(
      of: #""interval": 2"#, with: #""interval": 60"#)
    fake.server.route(.post, "/device") { _ in .json(raw: slow) }
    fake.answerToken(Self.oauthError("authorization_pending"))
    // The real clock: the first wait is 60 s, so only a cancelled wait ends sooner.
    let api = OIDCAuthAPI(configuration: try fake.configuration())
    let started = try await api.startDeviceSignIn()
    let task = Task { await failure { try await api.finishDeviceSignIn(started) } }
    try await Task.sleep(for: .milliseconds(100))
    let clock = ContinuousClock()
    let began = clock.now
    task.cancel()
    #expect(await task.value == .refused(.signInCancelled))
    #expect(clock.now - began < .seconds(30))
    #expect(await fake.requests.all.isEmpty)
  }

  @Test("a provider without a device endpoint has no device sign-in; a configured one is used")
  func endpoint() async throws {
    let fake = try FakeProvider()
    fake.answerGoodDiscovery()
    let api = OIDCAuthAPI(configuration: try fake.configuration())
    #expect(await failure { try await api.startDeviceSignIn() } == .unsupported(.deviceSignIn))
    fake.server.route(.post, "/elsewhere/device") { _ in .json(raw: Self.deviceAnswer) }
    let configured = OIDCAuthAPI(
      configuration: try OIDCConfiguration(
        issuer: fake.issuer, clientID: "koober-public", defaultUserType: .passenger,
        deviceAuthorizationEndpoint: fake.issuer.appendingPathComponent("elsewhere/device")))
    #expect(try await configured.startDeviceSignIn().userCode == "WDJB-MJHT")
  }

  @Test(
    "an answer that cannot be shown safely is the provider's trouble",
    arguments: [
      #"{"device_code": "dc", "user_code": "AB\u001b[2J", "verification_uri": "https://e.com/d"}"#,
      #"{"device_code": "dc", "user_code": "ABCD", "verification_uri": "javascript:alert(1)"}"#,
      #"{"device_code": "d\nc", "user_code": "ABCD", "verification_uri": "https://e.com/d"}"#,
      #"{"user_code": "ABCD", "verification_uri": "https://e.com/d"}"#,
      "not json",
    ])
  func unshowable(body: String) async throws {
    let (_, api, _) = try Self.setUp(
      device: .json(raw: body), tokens: [.json(raw: FakeProvider.tokenAnswer)])
    #expect(trouble(await failure { try await api.startDeviceSignIn() }) != nil)
  }

  @Test("a client the provider does not allow the grant: unsupported_grant_type is unsupported")
  func refusedGrant() async throws {
    let (_, api, _) = try Self.setUp(
      device: Self.oauthError("unsupported_grant_type"), tokens: [Self.oauthError("x")])
    #expect(await failure { try await api.startDeviceSignIn() } == .unsupported(.deviceSignIn))
  }
}
