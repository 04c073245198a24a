import Foundation
import LoginCore
import LoginLogicControl
import LoginTesting
import LoginViewModel
import NetworkClient
import ServiceUser
import ServiceUserLogin
import TestSupport
import Testing
import UserModel

/// An app states its password and name rules once, on the service, as a value; the sign-up
/// control, its form and the service's own checks all read that value (issue #31, 3).
@Suite("The credential rules, stated once")
@MainActor
struct CredentialRulesOnceTests {
  /// Records what the sign-up control reports.
  final class Screen: SignUpLogicDelegate {
    var failures: [AuthFailure] = []
    var signedIn: [User] = []
    func signUpLogicDidStart(_ control: SignUpLogicControl) {}
    func signUpLogic(_ control: SignUpLogicControl, didFail failure: AuthFailure) {
      failures.append(failure)
    }
    func loginLogic(_ c: any LoginFlowControl, didSignIn user: User, route: LoginRoute) {
      signedIn.append(user)
    }
  }

  /// Long passwords of any characters, short names: unlike the default in every number.
  static let rules = CredentialRules(
    minimumPasswordLength: 12, requiredPasswordCharacters: [], strongPasswordLength: 20,
    maximumNameLength: 10)
  static let member = UserType("member")

  func service(in folder: TemporaryDirectory, server: FakeAuthRemoteAPI) -> ServiceUser {
    ServiceUser(
      remote: server, network: NetworkClient(baseURL: folder.url),
      accountDatabaseURL: folder.url("accounts.sqlite"), sessionStore: InMemorySessionStore(),
      credentialRules: Self.rules)
  }

  func form(_ password: String, name: String? = nil) -> SignUpCredentials {
    SignUpCredentials(
      identifier: "ann@example.com", password: password, name: name, type: Self.member)
  }

  @Test("a ServiceUser's rules reach the sign-up control and its form, not the default's")
  func serviceRulesReachTheControlAndForm() async throws {
    let folder = try TemporaryDirectory(prefix: "rules-once")
    defer { folder.remove() }
    let server = FakeAuthRemoteAPI()
    let environment = LoginEnvironment(
      service: service(in: folder, server: server), log: LoginEventLog())
    #expect(environment.credentialRules == Self.rules)
    let signUp = SignUpLogicControl(environment: environment, entryPoint: .welcome)
    #expect(signUp.credentialRules == Self.rules)
    let screen = Screen()
    signUp.delegate = screen

    // 11 characters with a digit: the default's, not the app's.
    #expect(signUp.signUp(form("abcdefghij1")) == nil)
    #expect(screen.failures == [.refused(.invalidForm(.password(.tooShort(minimum: 12))))])
    #expect(server.calls.isEmpty)

    // 12 letters and no digit: the app's, not the default's.
    let model = SignUpViewModel(
      type: Self.member, identifierRule: signUp.identifierRule,
      credentialRules: signUp.credentialRules)
    model.identifierChanged("ann@example.com")
    model.passwordChanged("abcdefghijkl")
    #expect(model.isSignUpEnabled)
    #expect(model.passwordStrength == .fair)
    model.nameChanged("Annabelle Lee")
    #expect(model.nameError == NameProblem.tooLong(maximum: 10).message)
    model.nameChanged("Ann")
    await signUp.signUp(model.credentials)?.value
    #expect(screen.signedIn.map(\.identifier) == ["ann@example.com"])
    #expect(server.calls == [.signUp("ann@example.com")])
  }

  @Test("the service checks a sign-up and a new name by its own rules before any request")
  func serviceChecksByItsRules() async throws {
    let folder = try TemporaryDirectory(prefix: "rules-once")
    defer { folder.remove() }
    let server = FakeAuthRemoteAPI()
    let service = service(in: folder, server: server)
    await #expect(throws: AuthFailure.refused(.invalidForm(.password(.tooShort(minimum: 12))))) {
      _ = try await service.signUp(form("abcdefghij1"))
    }
    #expect(server.calls.isEmpty)
    _ = try await service.signUp(form("abcdefghijkl"))
    await #expect(throws: AuthFailure.refused(.invalidForm(.name(.tooLong(maximum: 10))))) {
      _ = try await service.updateName("Annabelle Lee")
    }
    #expect(server.calls == [.signUp("ann@example.com")])
  }

  @Test("a FakeLoginService states the rules the controls use; the default when given none")
  func fakeServiceStatesTheRules() {
    let environment = LoginEnvironment(
      service: FakeLoginService(credentialRules: Self.rules), log: LoginEventLog())
    #expect(environment.credentialRules == Self.rules)
    #expect(FakeLoginService().credentialRules == .default)
  }
}
