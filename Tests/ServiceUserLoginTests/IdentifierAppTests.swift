import Foundation
import Localization
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

/// Apps whose people sign in with a username or a phone number, through every layer: the
/// service, the logic controls and the view models name the identifier in the app's words.
@Suite("A username app and a phone-number app")
@MainActor
struct IdentifierAppTests {
  /// One app: its rule, an account as typed and as stored, and the sentences it must show.
  struct App: Sendable, CustomTestStringConvertible {
    let rule: IdentifierRule
    let typed: String
    let stored: String
    let unusable: String
    let wrongPassword: String
    let taken: String
    let unusableMessage: String
    var testDescription: String { rule.name }
  }

  nonisolated static let apps = [
    App(
      rule: .username, typed: " Rita ", stored: "rita", unusable: "r t",
      wrongPassword: "The username or password is wrong.",
      taken: "That username is taken; choose another or sign in instead.",
      unusableMessage: "Use only letters, digits and @ . + - _ in a username."),
    App(
      rule: .phoneNumber, typed: "+44 20 7946 0958", stored: "+442079460958", unusable: "12",
      wrongPassword: "The phone number or password is wrong.",
      taken: "An account with this phone number already exists; sign in instead.",
      unusableMessage: IdentifierRule.phoneNumber.problem(in: "12")?.message ?? "?"),
  ]

  typealias Screens = LoginScreensRecorder

  @Test("sign-in, a taken identifier and the forms speak of the app's identifier", arguments: apps)
  func throughEveryLayer(app: App) async throws {
    let folder = try TemporaryDirectory(prefix: "identifier-app")
    defer { folder.remove() }
    // The fake server calls every identifier an email; the service names it by its rule.
    let server = FakeAuthRemoteAPI(identifierKind: .email)
    let rider = User(id: "u-1", identifier: app.stored, name: "Rita", type: UserType("rider"))
    server.addAccount(rider, password: "Pass1234word")
    let service = ServiceUser(
      remote: server, network: NetworkClient(baseURL: folder.url),
      accountDatabaseURL: folder.url("accounts.sqlite"), sessionStore: InMemorySessionStore(),
      identifierRule: app.rule)
    let environment = LoginEnvironment(service: service, log: LoginEventLog())
    let screens = Screens()

    await Texts.$scopedLanguage.withValue(.english) {
      let signIn = SignInLogicControl(environment: environment, entryPoint: .welcome)
      signIn.delegate = screens
      await signIn.signIn(identifier: app.typed, password: "wrong-pass")?.value
      #expect(screens.failures == [.refused(.invalidCredentials(app.rule.kind))])
      #expect(screens.failures.last?.message == app.wrongPassword)
      await signIn.signIn(identifier: app.typed, password: "Pass1234word")?.value
      #expect(screens.signedIn.map(\.identifier) == [app.stored])
      #expect(await service.lastSignedInIdentifier() == app.stored)
      _ = await service.signOut()

      let signUp = SignUpLogicControl(environment: environment, entryPoint: .welcome)
      signUp.delegate = screens
      let form = SignUpCredentials(
        identifier: app.typed, password: "Another1234", name: nil, type: UserType("rider"))
      await signUp.signUp(form)?.value
      #expect(screens.failures.last == .refused(.identifierTaken(app.rule.kind)))
      #expect(screens.failures.last?.message == app.taken)

      let view = SignInViewModel(lastIdentifier: nil, identifierRule: app.rule)
      var shown: [String?] = []
      view.onIdentifierErrorChange = { shown.append($0) }
      view.identifierChanged(app.unusable)
      view.identifierEditingEnded()
      view.identifierChanged(app.typed)
      #expect(shown == [app.unusableMessage, nil])
      #expect(view.credentials.identifier == app.typed)
    }
    #expect(server.calls.first == .signIn(app.stored))
  }
}
