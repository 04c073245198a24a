// Article example begins: OneExamplePerModule imports
import DatabaseClient
import Foundation
import NetworkClient
import RideModel
import ServiceRide
import ServiceUser
import ServiceUserKoober
import ServiceUserLogin   // adds signIn, signUp, verifyCode, signOut to ServiceUser
import UserModel

// Article example ends

/// ServiceUser's *Getting started* article, compiled: one example per module. What the
/// example leaves to the app (where files go, what was typed, how a ride is drawn) comes in
/// as parameters.
public func oneExamplePerModule(
  folder: URL, support: URL, typed: String, password: String,
  askForCode: (Date) -> Void, render: (RideListUpdate) -> Void
) async throws {
  // Article example begins: OneExamplePerModule body
  // UserModel: the same rules the server applies, with reasons a view can show.
  CredentialRules.emailProblem(in: " ann@example.com ")            // nil: trimmed, valid
  CredentialRules.default.passwordProblem(in: "pass")              // .tooShort(minimum: 8)

  // DatabaseClient: values are always bound, never spliced into SQL; typed one by one after
  // the SQL, or as an array built at run time. Nested calls (in a transaction, a cursor's loop)
  // are safe with any SQL: a statement in use belongs to that use alone.
  let db = try Database(path: folder.appendingPathComponent("app.sqlite").path)
  try db.migrate([Migration("notes", sql: "CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT)")])
  try db.transaction { tx in try tx.execute("INSERT INTO notes (body) VALUES (?)", "hello") }
  let columns: [(any DatabaseValueConvertible)?] = ["hello", nil]   // built at run time
  try db.execute("INSERT INTO notes (body, id) VALUES (?, ?)", columns)
  let bodies = try db.query("SELECT body FROM notes").compactMap { $0["body"] as String? }
  try db.withCursor("SELECT body FROM notes") { rows throws(DatabaseError) in  // row by row
    while try rows.next() { print(try rows.get("body", as: String.self)) }
  }
  struct Note: Decodable { let id: Int64; let body: String; let createdAt: Date? }
  let notes = try db.fetchAll(Note.self, "SELECT * FROM notes", keyDecoding: .convertFromSnakeCase)

  // NetworkClient: a GET declares its path and the server's JSON; the rest has defaults.
  struct MeRequest: DefaultRequest {
    typealias Result = User
    var path: String { "/v1/users/me" }
    var requiresAuthorization: Bool { true }
  }
  let client = NetworkClient(baseURL: URL(string: "https://api.example.com")!)

  // ServiceUser + ServiceUserLogin: one call signs in AND does the database work.
  let service = ServiceUser(
    remote: KooberAuthAPI(network: client),   // or your own AuthRemoteAPI, with `network:`
    accountDatabaseURL: support.appendingPathComponent("accounts.sqlite"),
    sessionStore: FileSessionStore(directory: support.appendingPathComponent("Session")))
  switch try await service.signIn(identifier: typed, password: password) {
  case .signedIn(let session): print("hello", session.user.identifier)
  case .codeRequired(let challenge): askForCode(challenge.expiresAt)  // drivers
  }
  let me = try await MeRequest().perform(on: service.network)   // with the session's token

  // RideModel: the ride's state machine is code, not comments.
  RideStatus.accepted.canTransition(to: .arrived)   // true
  RideStatus.arrived.canBeCancelled                 // false

  // ServiceRide: network + the user's own database as the ride-history cache.
  let rides = await RideService.make(serviceUser: service, userID: me.id)
  for await update in rides.myRides(.active) { render(update) }   // cached first, then fresh
  // Article example ends
  _ = (bodies, notes)
}
