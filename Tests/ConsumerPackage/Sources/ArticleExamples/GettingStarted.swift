// Article example begins: GettingStarted imports
import Foundation
import KooberWire          // the reference backend's user types and rules
import LoginStack          // the service, sign-in, the screens' logic and view models
import ServiceUserKoober   // the adapter of the reference backend's API

// Article example ends

/// ServiceUser's *Getting started* article, compiled: the ten lines that sign up against the
/// reference backend (`swift run koober serve --port 8080`).
public func gettingStarted() async throws {
  // Article example begins: GettingStarted body
  let folder = FileManager.default.temporaryDirectory.appendingPathComponent("Rides")
  let client = NetworkClient(baseURL: URL(string: "http://127.0.0.1:8080")!)
  let service = ServiceUser(
    remote: KooberAuthAPI(network: client),   // the adapter brings the app's API client
    accountDatabaseURL: folder.appendingPathComponent("accounts.sqlite"),
    sessionStore: FileSessionStore(directory: folder.appendingPathComponent("Session")),
    credentialRules: .koober)   // the server's rules, stated once
  let session = try await service.signUp(
    SignUpCredentials(identifier: "ann@example.com", password: "Pass1234word", name: "Ann",
                      type: .passenger))
  print("Signed in as \(session.user.name ?? session.user.identifier)")
  // Article example ends
}
