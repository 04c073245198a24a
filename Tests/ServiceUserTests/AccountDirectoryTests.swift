import DatabaseClient
import Foundation
import ServiceUser
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
    #expect(await harness.service.lastSignedInEmail() == nil)
    try await harness.service.establishSession(Fixtures.session())
    harness.clock.advance(by: 5)
    try await harness.service.establishSession(Fixtures.session(Fixtures.dan, number: 2))
    #expect(await harness.service.lastSignedInEmail() == "dan@example.com")
    #expect(await harness.service.knownAccounts() == [Fixtures.dan, Fixtures.ann])
    #expect(try harness.store.load() == Fixtures.session(Fixtures.dan, number: 2))
    await harness.service.endSession(.userAction)
    let expected: [SessionChange] = [
      .signedIn(Fixtures.ann), .signedIn(Fixtures.dan), .signedOut(.userAction),
    ]
    #expect(await first.first(3) == expected)
    #expect(await second.first(3) == expected)
    #expect(try harness.store.load() == nil)
    #expect(await harness.service.lastSignedInEmail() == "dan@example.com")
  }

  @Test("each user gets their own database file beside the account database")
  func userDatabases() async throws {
    let harness = try Harness { _ in .empty(500) }
    defer { harness.folder.remove() }
    await #expect(throws: ServiceUserError.unknownAccount) {
      try await harness.service.userDatabase(for: "usr_ann")
    }
    try await harness.service.establishSession(Fixtures.session())
    let hostile = User(id: "../../evil", email: "e@example.com", name: nil, type: .passenger)
    try await harness.service.establishSession(Fixtures.session(hostile, number: 2))

    let annDB = try await harness.service.userDatabase(for: "usr_ann")
    #expect(annDB.path == harness.folder.path("user-usr_ann.sqlite"))
    #expect(try await harness.service.userDatabase(for: "usr_ann") === annDB)
    try annDB.execute("CREATE TABLE notes (body TEXT)")
    let evilDB = try await harness.service.userDatabase(for: "../../evil")
    #expect(URL(fileURLWithPath: evilDB.path).deletingLastPathComponent().path
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
    await #expect(throws: ServiceUserError.sessionStore(.writeFailed("disk full (test)"))) {
      try await harness.service.establishSession(Fixtures.session())
    }
    #expect(await harness.service.currentSession == nil)
    #expect(await harness.service.lastSignedInEmail() == nil)
    #expect(await harness.service.knownAccounts().isEmpty)
    #expect(try harness.store.load() == nil)

    try await harness.service.establishSession(Fixtures.session(Fixtures.dan))
    await harness.service.endSession(.userAction)
    #expect(await log.first(2) == [.signedIn(Fixtures.dan), .signedOut(.userAction)])
  }

  @Test("an account database that is not a database fails the sign-in and writes no session")
  func brokenAccountDatabase() async throws {
    let harness = try Harness { _ in .empty(500) }
    defer { harness.folder.remove() }
    try Data("this is not SQLite, just text".utf8).write(to: harness.folder.url("accounts.sqlite"))
    await #expect {
      try await harness.service.establishSession(Fixtures.session())
    } throws: { error in
      guard case .accountDatabase = error as? ServiceUserError else { return false }
      return true
    }
    #expect(try harness.store.load() == nil)
    #expect(await harness.service.currentSession == nil)
    #expect(await harness.service.lastSignedInEmail() == nil)
  }
}
