// Article example begins: OneImport imports
import Foundation
import LoginStack

// Article example ends

/// LoginStack's catalog page, compiled in a target that links LoginStack alone: an app with
/// its own adapter (`remote`) makes its service and its sign-in screen's parts from one import.
@MainActor
public func oneImport(remote: some AuthRemoteAPI & NetworkClientBacked, folder: URL) async {
  // Article example begins: OneImport body
  let service = ServiceUser(
    remote: remote,                                 // your server's adapter
    accountDatabaseURL: folder.appendingPathComponent("accounts.sqlite"),
    sessionStore: FileSessionStore(directory: folder.appendingPathComponent("Session")),
    identifierRule: .username(keepingCase: true))   // the identifier rule, said once
  switch await service.restoreSession() {           // ServiceUserLogin's launch check
  case .signedIn(let session): print("welcome back", session.user.identifier)
  default: break
  }
  let environment = LoginEnvironment(service: service, log: LoginEventLog())
  let signIn = SignInLogicControl(environment: environment, entryPoint: .welcome)
  let form = SignInViewModel(
    lastIdentifier: await signIn.lastSignedInIdentifier(), identifierRule: signIn.identifierRule)
  // Article example ends
  _ = form
}
