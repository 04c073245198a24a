import Foundation
import LoginCore
import LoginLogicControl
import LoginTesting
import NetworkClient
import ServiceUser
import ServiceUserLogin
import TestSupport
import Testing
import UserModel

/// An app states its identifier rule once, on the service; the logic controls read it from
/// there, and the fakes compare identifiers by it (issue #31, 7).
@Suite("The identifier rule, stated once")
@MainActor
struct IdentifierRuleOnceTests {
  typealias Screens = LoginScreensRecorder

  static let django = IdentifierRule.username(keepingCase: true)
  static let rider = UserType("rider")

  @Test("a ServiceUser's rule reaches the controls through an environment given no rule")
  func serviceUserRuleReachesTheControls() async throws {
    let folder = try TemporaryDirectory(prefix: "rule-once")
    defer { folder.remove() }
    let server = FakeAuthRemoteAPI(identifierRule: Self.django)
    server.addAccount(
      User(id: "u-1", identifier: "Ann", name: "Ann", type: Self.rider), password: "Pass1234word")
    let service = ServiceUser(
      remote: server, network: NetworkClient(baseURL: folder.url),
      accountDatabaseURL: folder.url("accounts.sqlite"), sessionStore: InMemorySessionStore(),
      identifierRule: Self.django)
    let environment = LoginEnvironment(service: service, log: LoginEventLog())
    #expect(environment.identifierRule.kind == .username)

    // An email rule would refuse "Ann" as a form error before anything is sent.
    let screens = Screens()
    let signIn = SignInLogicControl(environment: environment, entryPoint: .welcome)
    signIn.delegate = screens
    await signIn.signIn(identifier: " Ann ", password: "Pass1234word")?.value
    #expect(screens.failures.isEmpty)
    #expect(screens.signedIn.map(\.identifier) == ["Ann"])
    #expect(server.calls.first == .signIn("Ann"))
  }

  @Test("a FakeLoginService states the rule the controls use")
  func fakeServiceStatesTheRule() async throws {
    let service = FakeLoginService(identifierRule: Self.django)
    service.signInResults = [.failure(.refused(.invalidCredentials(.username)))]
    let environment = LoginEnvironment(service: service, log: LoginEventLog())
    let signIn = SignInLogicControl(environment: environment, entryPoint: .welcome)
    await signIn.signIn(identifier: "Ann", password: "Pass1234word")?.value
    #expect(service.calls == [.signIn(identifier: "Ann", password: "Pass1234word")])
    #expect(FakeLoginService().identifierRule.kind == .email)
  }

  @Test("with a case-keeping username rule, Ann and ann are two accounts in the fake server")
  func fakeServerKeepsCase() async throws {
    let server = FakeAuthRemoteAPI(identifierRule: Self.django)
    server.addAccount(
      User(id: "u-1", identifier: "Ann", name: "Ann", type: Self.rider), password: "Pass1234word")
    await #expect(throws: AuthFailure.refused(.invalidCredentials(.username))) {
      _ = try await server.signIn(SignInCredentials(identifier: "ann", password: "Pass1234word"))
    }
    let other = try await server.signUp(
      SignUpCredentials(
        identifier: "ann", password: "Other1234word", name: nil, type: Self.rider))
    #expect(other.user.identifier == "ann")
    #expect(other.user.id != "u-1")
    guard
      case .signedIn(let first) = try await server.signIn(
        SignInCredentials(identifier: "Ann", password: "Pass1234word"))
    else { Issue.record("Ann needs no code"); return }
    #expect(first.user.id == "u-1")
  }

  @Test("the fake server's default rule still folds an email's case and spaces")
  func fakeServerFoldsEmails() async throws {
    let server = FakeAuthRemoteAPI()
    server.addAccount(
      User(id: "u-1", identifier: "ann@example.com", name: "Ann", type: Self.rider),
      password: "Pass1234word")
    guard
      case .signedIn(let session) = try await server.signIn(
        SignInCredentials(identifier: " ANN@example.com ", password: "Pass1234word"))
    else { Issue.record("Ann needs no code"); return }
    #expect(session.user.id == "u-1")
    await #expect(throws: AuthFailure.refused(.identifierTaken(.email))) {
      _ = try await server.signUp(
        SignUpCredentials(
          identifier: "Ann@Example.com", password: "Other1234word", name: nil, type: Self.rider))
    }
  }
}
