import DatabaseClient
import Foundation
import LoginCore
import ServiceUser
import ServiceUserLogin
import Testing
import UserModel

@Suite("ServiceUser keeps accounts and per-user databases")
struct AccountDirectoryTests {
  @Test("a sign-in records the account, the last email and the session, then announces it")
  func establishRecordsEverything() async throws {
    let harness = try Harness { _ in .empty(500) }
    defer { harness.folder.remove() }
    let first = ChangeLog(harness.service)
    let second = ChangeLog(harness.service)
    #expect(await harness.service.lastSignedInIdentifier() == nil)
    try await harness.service.establishSession(Fixtures.session())
    harness.clock.advance(by: 5)
    try await harness.service.establishSession(Fixtures.session(Fixtures.dan, number: 2))
    #expect(await harness.service.lastSignedInIdentifier() == "dan@example.com")
    #expect(await harness.service.knownAccounts() == [Fixtures.dan, Fixtures.ann])
    #expect(try harness.store.load() == Fixtures.session(Fixtures.dan, number: 2))
    await harness.service.endSession(.userAction)
    // Ann stays signed in as a second account, and becomes active again when Dan leaves.
    let expected: [SessionChange] = [
      .signedIn(Fixtures.ann), .signedIn(Fixtures.dan),
      .accountRemoved(Fixtures.dan, .userAction), .switched(to: Fixtures.ann),
    ]
    #expect(await first.first(4) == expected)
    #expect(await second.first(4) == expected)
    #expect(try harness.store.load() == Fixtures.session())
    #expect(await harness.service.lastSignedInIdentifier() == "dan@example.com")
  }

  @Test("each user gets their own database file beside the account database")
  func userDatabases() async throws {
    let harness = try Harness { _ in .empty(500) }
    defer { harness.folder.remove() }
    await #expect(throws: AuthFailure.refused(.unknownAccount)) {
      try await harness.service.userDatabase(for: "usr_ann")
    }
    try await harness.service.establishSession(Fixtures.session())
    let hostile = User(
      id: "../../evil", identifier: "e@example.com", email: "e@example.com", name: nil,
      type: .passenger)
    try await harness.service.establishSession(Fixtures.session(hostile, number: 2))

    let annDB = try await harness.service.userDatabase(for: "usr_ann")
    #expect(annDB.path == harness.folder.path("user-usr_ann.sqlite"))
    #expect(try await harness.service.userDatabase(for: "usr_ann") === annDB)
    try annDB.execute("CREATE TABLE notes (body TEXT)")
    let evilDB = try await harness.service.userDatabase(for: "../../evil")
    #expect(
      URL(fileURLWithPath: evilDB.path).deletingLastPathComponent().path
        == harness.folder.url.path)
    #expect(evilDB.path != annDB.path)
    #expect(try evilDB.query("SELECT name FROM sqlite_master").isEmpty)
  }

  @Test("when the store cannot save, no row, session or announcement is left behind")
  func failedStoreChangesNothing() async throws {
    let harness = try Harness(
      store: { FailingStore(inner: FileSessionStore(directory: $0), failures: 1) }
    ) { _ in .empty(500) }
    defer { harness.folder.remove() }
    let log = ChangeLog(harness.service)
    await #expect(throws: AuthFailure.unavailable(.storage("disk full (test)"))) {
      try await harness.service.establishSession(Fixtures.session())
    }
    #expect(await harness.service.currentSession == nil)
    #expect(await harness.service.lastSignedInIdentifier() == nil)
    #expect(await harness.service.knownAccounts().isEmpty)
    #expect(try harness.store.load() == nil)

    try await harness.service.establishSession(Fixtures.session(Fixtures.dan))
    await harness.service.endSession(.userAction)
    #expect(await log.first(2) == [.signedIn(Fixtures.dan), .signedOut(.userAction)])
  }

  @Test("an account database that is not a database is kept aside and sign-in still works")
  func corruptAccountDatabaseIsMovedAside() async throws {
    let session = Fixtures.session()
    let harness = try Harness { _ in .json(200, Fixtures.json(session)) }
    defer { harness.folder.remove() }
    var generator = SystemRandomNumberGenerator()
    let garbage = Data((0..<4096).map { _ in UInt8.random(in: 0...255, using: &generator) })
    let path = harness.folder.url("accounts.sqlite")
    try garbage.write(to: path)

    let outcome = try await harness.service.signIn(
      identifier: "ann@example.com", password: "s3cretpass")
    #expect(outcome == .signedIn(session))
    #expect(try harness.store.load() == session)
    #expect(await harness.service.lastSignedInIdentifier() == "ann@example.com")
    #expect(await harness.service.knownAccounts() == [Fixtures.ann])
    let kept = harness.folder.url("accounts.sqlite.corrupt-20270115T080000Z")
    #expect(try Data(contentsOf: kept) == garbage)
    #expect(try Data(contentsOf: path) != garbage)
  }

  @Test("an account database from a newer app version is refused and left untouched")
  func newerAccountDatabaseIsRefused() async throws {
    let harness = try Harness { _ in .json(200, Fixtures.json(Fixtures.session())) }
    defer { harness.folder.remove() }
    let path = harness.folder.url("accounts.sqlite")
    try Self.writeNewerAccountDatabase(at: path)
    let before = try Data(contentsOf: path)

    await #expect(throws: AuthFailure.refused(.updateRequired)) {
      try await harness.service.establishSession(Fixtures.session())
    }
    #expect(try harness.store.load() == nil)
    #expect(await harness.service.currentSession == nil)
    #expect(try Data(contentsOf: path) == before)
    #expect(try Database(url: path).schemaVersion() == 99)
    let siblings = try FileManager.default.contentsOfDirectory(atPath: harness.folder.url.path)
    #expect(!siblings.contains { $0.contains("corrupt") })
  }

  @Test("a sign-in over a newer account database says to update the app, not to try again")
  func signInOverNewerAccountDatabase() async throws {
    let harness = try Harness { _ in .json(200, Fixtures.json(Fixtures.session())) }
    defer { harness.folder.remove() }
    let path = harness.folder.url("accounts.sqlite")
    try Self.writeNewerAccountDatabase(at: path)
    let before = try Data(contentsOf: path)

    await #expect(throws: AuthFailure.refused(.updateRequired)) {
      try await harness.service.signIn(identifier: "ann@example.com", password: "s3cretpass")
    }
    #expect(
      AuthFailure.refused(.updateRequired).message
        == "This device's data was written by a newer version of the app; "
        + "update the app to sign in.")
    #expect(AuthFailure.refused(.updateRequired).code == "account_database_too_new")
    #expect(try harness.store.load() == nil)
    #expect(try Data(contentsOf: path) == before)
  }

  @Test("an account database of schema 1 (email) is migrated: identifier, email when it is one")
  func schemaOneIsMigrated() async throws {
    let harness = try Harness { _ in .empty(500) }
    defer { harness.folder.remove() }
    let path = harness.folder.url("accounts.sqlite")
    do {
      // The schema and rows the release before schema 2 left behind.
      let old = try Database(url: path)
      try old.executeScript(
        """
        CREATE TABLE account (
          user_id TEXT PRIMARY KEY NOT NULL, email TEXT NOT NULL, name TEXT,
          type TEXT NOT NULL, database_file TEXT NOT NULL UNIQUE,
          first_signed_in_at REAL NOT NULL, last_signed_in_at REAL NOT NULL);
        CREATE TABLE last_sign_in (
          id INTEGER PRIMARY KEY CHECK (id = 1), email TEXT NOT NULL,
          user_id TEXT NOT NULL REFERENCES account (user_id));
        INSERT INTO account VALUES ('u-1', 'ann@example.com', 'Ann', 'passenger',
          'user-u-1.sqlite', 1, 1);
        INSERT INTO account VALUES ('u-2', 'rita', NULL, 'rider', 'user-u-2.sqlite', 2, 2);
        INSERT INTO last_sign_in VALUES (1, 'rita', 'u-2');
        PRAGMA user_version = 1;
        """)
    }
    #expect(
      await harness.service.knownAccounts() == [
        User(id: "u-2", identifier: "rita", email: nil, name: nil, type: UserType("rider")),
        User(
          id: "u-1", identifier: "ann@example.com", email: "ann@example.com", name: "Ann",
          type: .passenger),
      ])
    #expect(await harness.service.lastSignedInIdentifier() == "rita")
    #expect(try Database(url: path).schemaVersion() == 2)
  }

  /// An account database as a later app version would leave it: a schema this one never made.
  private static func writeNewerAccountDatabase(at path: URL) throws {
    let newer = try Database(url: path)
    try newer.execute("CREATE TABLE future (id INTEGER)")
    try newer.executeScript("PRAGMA user_version = 99")
  }
}
