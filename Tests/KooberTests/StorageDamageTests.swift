import Foundation
import Testing

/// Damaged files in the data folder: each is kept, and either reported in one sentence or (the
/// rebuildable account database) set aside and rebuilt; never taken for "signed out"; nothing
/// crashes.
@Suite("damaged storage")
struct StorageDamageTests {
  static let unreadable =
    "Your saved sign-in could not be read, so please sign in again; nothing was deleted."

  private func client(_ fixture: KooberFixture) -> URL {
    fixture.dataFolder.appendingPathComponent("embedded", isDirectory: true)
  }

  @Test("a corrupt session file is reported everywhere, kept, and set aside by the next sign-in")
  func corruptSession() async throws {
    let fixture = try KooberFixture()
    defer { fixture.remove() }
    try await fixture.signUp("ann@example.com", type: "passenger")
    // Ann's session file: her account's file in the session folder.
    let sessions = client(fixture).appendingPathComponent("session")
    let name = try #require(
      FileManager.default.contentsOfDirectory(atPath: sessions.path).first {
        $0.hasPrefix("account-") && $0.hasSuffix(".plist")
      })
    let session = sessions.appendingPathComponent(name)
    let garbage = Data("not a session \u{1B}[2J".utf8)
    try garbage.write(to: session)

    for command in [["status"], ["sign-out"], ["rides", "list"]] {
      let result = try await fixture.run(command)
      #expect(result.status == 1, "\(command)")
      #expect(result.stdout.isEmpty, "\(command)")
      #expect(result.stderr == "koober: \(Self.unreadable)\n", "\(command)")
    }
    let screens = try await fixture.run([], stdin: "Quit\n")
    #expect(screens.status == 0)
    #expect(screens.titles == ["[Welcome]"])
    #expect(Transcript.alerts(in: screens.stdout) == ["! " + Self.unreadable])
    #expect(try Data(contentsOf: session) == garbage)

    let signIn = try await fixture.run(
      ["sign-in", "--email", "ann@example.com", "--password-stdin"], stdin: "Pass1234\n")
    #expect(signIn.status == 0)
    #expect(try await fixture.run(["status"]).status == 0)
    let folder = session.deletingLastPathComponent()
    let setAside = try FileManager.default.contentsOfDirectory(atPath: folder.path)
      .filter { $0.hasPrefix(name + ".") && $0 != name + ".lock" }
    #expect(setAside.count == 1)
    let keptAside = try setAside.map { try Data(contentsOf: folder.appendingPathComponent($0)) }
    #expect(keptAside == [garbage])
  }

  @Test("a corrupt account database is kept aside and rebuilt, so signing in works again")
  func corruptAccountDatabase() async throws {
    let fixture = try KooberFixture()
    defer { fixture.remove() }
    try await fixture.makeAccount("ann@example.com", type: "passenger", password: "Pass1234")
    let database = client(fixture).appendingPathComponent("accounts.sqlite")
    let garbage = Data((0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ 3) })
    try garbage.write(to: database)

    let signIn = try await fixture.run(
      ["sign-in", "--email", "ann@example.com", "--password-stdin"], stdin: "Pass1234\n")
    #expect(signIn.status == 0)
    #expect(try await fixture.run(["status"]).status == 0)
    let folder = database.deletingLastPathComponent()
    let setAside = try FileManager.default.contentsOfDirectory(atPath: folder.path)
      .filter { $0.hasPrefix("accounts.sqlite.corrupt-") }
    #expect(setAside.count == 1)
    let keptAside = try setAside.map { try Data(contentsOf: folder.appendingPathComponent($0)) }
    #expect(keptAside == [garbage])
    #expect(try Data(contentsOf: database) != garbage)
  }
}
