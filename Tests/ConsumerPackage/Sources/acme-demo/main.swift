// A program outside the Koober package: it links LoginCore, ServiceUser, ServiceUserLogin and
// LoginLogicControl as products, with public API only, and drives them over Acme's server
// (`AcmeAuthAPI`) through sign-in, a renewal and sign-out, then a sign-out after the access
// token lapsed, then shows a few of their texts in 简体中文 and in Acme's own words. Each step
// prints one line;
// ConsumerPackageTests starts Acme's server, runs this, and reads the lines.
//
//   acme-demo <Acme base URL> <data folder>
//   acme-demo --languages        (Languages.swift)
import AcmeLogin
import Foundation
import LoginCore
import Localization
import LoginLogicControl
import NetworkClient
import ServiceUser
import ServiceUserLogin
import UserModel

@MainActor
final class Screens: SignInLogicDelegate, SessionLogicDelegate {
  var lines: [String] = []

  func signInLogicDidStart(_ control: SignInLogicControl) { lines.append("signing in") }
  func signInLogic(_ control: SignInLogicControl, didFail failure: AuthFailure) {
    lines.append("failed: \(failure.code)")
  }
  func signInLogic(_ control: SignInLogicControl, needsCode code: CodeLogicControl) {
    lines.append("code needed")
  }
  func loginLogic(_ c: any LoginFlowControl, didSignIn user: User, route: LoginRoute) {
    switch route {
    case .homeAsRoot(let home): lines.append("signed in: \(user.identifier), \(home) home")
    case .backToFeature(let feature): lines.append("back to \(feature.id)")
    case .homeInstead: lines.append("home instead: \(route.message ?? "")")
    }
  }
  func sessionLogicDidStartSigningOut(_ control: SessionLogicControl) {}
  func sessionLogic(_ control: SessionLogicControl, didSignOutGoToWelcomeWith notice: String?) {
    lines.append("signed out" + (notice.map { ": \($0)" } ?? ""))
  }
  func sessionLogic(
    _ control: SessionLogicControl, sessionDidEnd reason: SignOutReason,
    goToWelcomeWith message: String
  ) { lines.append("session ended: \(message)") }
}

@MainActor
func run(server: URL, folder: URL) async -> Int32 {
  let client = NetworkClient(baseURL: server, retryPolicy: .none)
  let service = ServiceUser(
    remote: AcmeAuthAPI(client: client),
    accountDatabaseURL: folder.appendingPathComponent("accounts.sqlite"),
    sessionStore: FileSessionStore(directory: folder.appendingPathComponent("Session")),
    identifierRule: .username)
  // The rule is stated once, above: the environment reads it from the service.
  let environment = LoginEnvironment(service: service, log: LoginEventLog())
  let screens = Screens()

  // Sign in through the logic control, as a screen would.
  let signIn = SignInLogicControl(environment: environment, entryPoint: .welcome)
  signIn.delegate = screens
  await signIn.signIn(identifier: " Rita ", password: "acme-pass")?.value
  await signIn.signIn(identifier: "rita", password: "wrong")?.value

  // The app's own request, through ServiceUser's authorized client: Acme answers 419 once the
  // token has lapsed on its side, and ServiceUser renews through AcmeAuthAPI and retries.
  try? await Task.sleep(for: .seconds(2.5))
  do {
    let trips = try await service.network.response(
      for: Endpoint(.get, "/api/trips", requiresAuthorization: true))
    screens.lines.append("trips: \(String(decoding: trips.data, as: UTF8.self))")
  } catch {
    screens.lines.append("trips failed: \(error)")
  }
  let stored = try? FileSessionStore(directory: folder.appendingPathComponent("Session")).load()
  screens.lines.append("stored token: \(stored?.accessToken ?? "none")")

  // Sign out through the session logic control.
  let session = SessionLogicControl(environment: environment)
  session.delegate = screens
  await session.signOut()?.value
  screens.lines.append("signed in now: \(await service.currentSession != nil)")

  // Sign out once the access token has lapsed on Acme's side: Acme revokes only by access
  // token, so ServiceUser renews once and signs out with the fresh one, leaving nothing live.
  do {
    _ = try await service.signIn(identifier: "rita", password: "acme-pass")
    try? await Task.sleep(for: .seconds(2.5))
    screens.lines.append("lapsed sign-out: \(await service.signOut())")
  } catch {
    screens.lines.append("second sign-in failed: \(error)")
  }

  // The modules' texts from their resource bundles, in the language asked for, and Acme's own
  // wording (Resources/en.lproj/UserModel.strings in this target) ahead of UserModel's.
  Texts.$scopedLanguage.withValue(.simplifiedChinese) {
    screens.lines.append("zh: \(PasswordProblem.tooShort(minimum: 8).message)")
    let refused = AuthFailure.refused(.invalidCredentials(IdentifierRule.username.kind)) as Error
    screens.lines.append("zh error: \(refused.localizedDescription)")
  }
  Texts.appBundles = [Bundle.module]
  Texts.$scopedLanguage.withValue(.english) {
    screens.lines.append("acme: \(EmailProblem.empty.message)")
    screens.lines.append("module: \(PasswordProblem.empty.message)")
  }
  for line in screens.lines { print(line) }
  return 0
}

if CommandLine.arguments.dropFirst().first == "--languages" {
  printLanguages()
  exit(0)
}

let arguments = CommandLine.arguments
guard arguments.count == 3, let server = URL(string: arguments[1]) else {
  FileHandle.standardError.write(Data("usage: acme-demo <Acme base URL> <data folder>\n".utf8))
  exit(2)
}
exit(await run(server: server, folder: URL(fileURLWithPath: arguments[2], isDirectory: true)))
