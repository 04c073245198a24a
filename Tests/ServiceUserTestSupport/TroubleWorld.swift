import Foundation
import LoginCore
import NetworkClient
import ServiceUser
import ServiceUserKoober
import TestSupport
import UserModel
import WireFormat

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// A server that gives no answer, or answers only with a failure: none of these may end a
/// session (issue 32: only an answer from the server does).
public enum ServerTrouble: String, CaseIterable, Sendable, CustomStringConvertible {
  /// Nothing listens: a real connection to a closed loopback port, refused.
  case unreachable
  /// The answer did not come in time.
  case timeout
  /// The caller's task was cancelled while the request was in flight.
  case cancelled
  /// `503` with an empty body.
  case unavailable503
  /// `502` with a proxy's HTML page.
  case badGateway502

  public var description: String { rawValue }

  /// Whether the request may have reached the server with nothing back, so a refresh is sent
  /// a second time with the same token.
  public var answerLost: Bool { self == .unreachable || self == .timeout }
}

/// A transport that answers from a table of good answers until `trouble` is set, and then
/// fails every request that way; requests sent in trouble are recorded by path.
public final class TroubleTransport: HTTPTransport, Sendable {
  /// The good answer to a path: its status and JSON body.
  public typealias Answers = @Sendable (String) -> (status: Int, body: String)

  private let answers: Answers
  private let current = Locked<ServerTrouble?>(nil)
  private let troubled = Locked<[String]>([])
  /// Opened when a request in `.cancelled` trouble is held in flight.
  public let held = Gate()
  /// Lets a held request go on (it fails `.cancelled`, as a cancelled transfer does).
  public let release = Gate()

  /// Makes a transport answering from `answers`.
  public init(_ answers: @escaping Answers) {
    self.answers = answers
  }

  /// How every request fails from now on; `nil` for the good answers.
  public var trouble: ServerTrouble? {
    get { current.value }
    set { current.withLock { $0 = newValue } }
  }

  /// The paths of the requests sent in trouble, in order.
  public var pathsInTrouble: [String] { troubled.value }

  public func send(_ request: URLRequest, timeout: Duration?) async throws(NetworkError)
    -> (Data, HTTPURLResponse)
  {
    let url = request.url ?? URL(fileURLWithPath: "/")
    guard let trouble else {
      let answer = answers(url.path)
      return try Self.response(url, answer.status, answer.body, "application/json")
    }
    troubled.withLock { $0.append(url.path) }
    switch trouble {
    case .unreachable:
      // Port 9 (discard) is below the ephemeral range: no test's server takes it meanwhile.
      var parts = URLComponents(url: url, resolvingAgainstBaseURL: false)
      parts?.scheme = "http"
      parts?.host = "127.0.0.1"
      parts?.port = 9
      var closed = request
      closed.url = parts?.url
      return try await DefaultHTTPTransport().send(closed, timeout: timeout)
    case .timeout:
      throw .timeout
    case .cancelled:
      await held.open()
      await release.wait()
      throw .cancelled
    case .unavailable503:
      return try Self.response(url, 503, "", "application/json")
    case .badGateway502:
      return try Self.response(
        url, 502, "<html><body><h1>502 Bad Gateway</h1></body></html>", "text/html")
    }
  }

  private static func response(_ url: URL, _ status: Int, _ body: String, _ type: String)
    throws(NetworkError) -> (Data, HTTPURLResponse)
  {
    guard
      let response = HTTPURLResponse(
        url: url, statusCode: status, httpVersion: "HTTP/1.1",
        headerFields: ["Content-Type": type])
    else { throw .unexpectedResponse("test response") }
    return (Data(body.utf8), response)
  }
}

/// A ServiceUser over one adapter and a `TroubleTransport`, with a session stored for it
/// whose access token lives 900 s from the clock's start.
public struct TroubleWorld: Sendable {
  /// Makes the adapter over the transport, with the service's clock.
  public typealias MakeRemote =
    @Sendable (TroubleTransport, @escaping @Sendable () -> Date) throws -> any AuthRemoteAPI

  /// The test's own folder.
  public let folder: TemporaryDirectory
  /// The transport of the adapter and of `service.network`.
  public let transport: TroubleTransport
  /// The service's clock.
  public let clock: TestClock
  /// The session store.
  public let store: FileSessionStore
  /// The service under test, nothing restored yet.
  public let service: ServiceUser
  /// The session in the store.
  public let stored: UserSession
  /// The path the adapter's refresh goes to.
  public let refreshPath: String

  /// Makes the world.
  /// - Parameters:
  ///   - user: The stored session's user.
  ///   - refreshPath: The adapter's refresh path.
  ///   - answers: The good answers.
  ///   - makeRemote: The adapter.
  public init(
    user: User, refreshPath: String, answers: @escaping TroubleTransport.Answers,
    makeRemote: MakeRemote
  ) throws {
    folder = try TemporaryDirectory(prefix: "offline-keeps-session")
    let transport = TroubleTransport(answers)
    self.transport = transport
    let clock = TestClock()
    self.clock = clock
    let now: @Sendable () -> Date = { clock.now }
    let remote = try makeRemote(transport, now)
    var session = Fixtures.session(user)
    session.issuer = remote.sessionIssuer
    stored = session
    store = FileSessionStore(directory: folder.url("Session"))
    try store.save(session)
    self.refreshPath = refreshPath
    let network = NetworkClient(
      baseURL: URL(string: Fixtures.issuer)!, transport: transport, retryPolicy: .none)
    service = ServiceUser(
      remote: remote, network: network, accountDatabaseURL: folder.url("accounts.sqlite"),
      sessionStore: store, now: now)
  }

  /// Koober's API: `KooberAuthAPI` over a client of the transport.
  public static func koober() throws -> TroubleWorld {
    try TroubleWorld(user: Fixtures.ann, refreshPath: "/v1/auth/refresh") { path in
      guard path == "/v1/auth/session" else { return (404, "{}") }
      let user = Fixtures.json(Fixtures.ann)
      return (200, #"{"user": \#(user), "expiresAt": "2027-01-15T08:15:00Z"}"#)
    } makeRemote: { transport, _ in
      KooberAuthAPI(
        network: NetworkClient(
          baseURL: URL(string: Fixtures.issuer)!, transport: transport, retryPolicy: .none))
    }
  }

  /// How many refreshes were sent in trouble.
  public var refreshesInTrouble: Int {
    transport.pathsInTrouble.filter { $0 == refreshPath }.count
  }

  /// Whether anything told listeners the session ended.
  /// - Parameter changes: What a `ChangeLog` heard.
  public static func anySignedOut(_ changes: [SessionChange]) -> Bool {
    changes.contains { if case .signedOut = $0 { true } else { false } }
  }
}
