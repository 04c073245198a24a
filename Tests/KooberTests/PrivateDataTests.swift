import Foundation
import Testing

/// Everything koober creates in its data folder is private, and nothing is read or written
/// through a link planted there.
@Suite("private data folder")
struct PrivateDataTests {
  @Test("after a full session in a 0755 data folder under umask 022: files 0600, folders 0700")
  func everythingPrivate() async throws {
    let fixture = try KooberFixture()
    defer { fixture.remove() }
    FileModes.usePermissiveUmask()
    try FileManager.default.createDirectory(
      at: fixture.dataFolder, withIntermediateDirectories: true,
      attributes: [.posixPermissions: 0o755])
    // The first process creates the backend's database; its -wal and -shm exist while it runs.
    let session = try fixture.startInteractive()
    try await session.waitFor("Choose: ")
    let first = try FileModes.exceptions(under: fixture.dataFolder)
    try session.send("Quit")
    #expect(try await session.finish() == 0)

    try await fixture.makeAccount("dan@example.com", type: "driver", password: "Drive1234")
    try await fixture.signUp("ann@example.com", type: "passenger")
    #expect(try await fixture.run(["sign-out"]).status == 0)
    let signIn = try await fixture.run(
      ["sign-in", "--email", "ann@example.com", "--password-stdin"], stdin: "Pass1234\n")
    #expect(signIn.status == 0)
    #expect(try await fixture.run(["status"]).status == 0)
    #expect(try await fixture.run(["rides", "list"]).status == 0)
    #expect(try await fixture.run(["sign-out"]).status == 0)
    let driver = try await fixture.run(
      ["sign-in", "--email", "dan@example.com", "--password-stdin"], stdin: "Drive1234\n")
    #expect(driver.status == 3)
    let pending = try FileModes.exceptions(under: fixture.dataFolder)
    let outbox = try await fixture.run(["outbox", "--to", "dan@example.com"])
    let code = try #require(Transcript.lastCode(in: outbox.stdout), "outbox: \(outbox.stdout)")
    #expect(try await fixture.run(["verify", "--code", code]).status == 0)
    #expect(try await fixture.run(["report"]).status == 0)
    let last = try FileModes.exceptions(under: fixture.dataFolder)

    #expect(first.exceptions == [])
    #expect(pending.exceptions == [])
    #expect(last.exceptions == [])
    let expected = [
      "backend.sqlite", "backend.sqlite-wal", "backend.sqlite-shm", "embedded",
      "embedded/accounts.sqlite", "embedded/events.log", "embedded/pending-sign-in.json",
      "embedded/users", "embedded/session", "embedded/session/accounts.plist",
    ]
    let seen = first.paths.union(pending.paths).union(last.paths)
    #expect(Set(expected).subtracting(seen) == [])
    // The session itself, in its account's file (FileSessionStore's layout).
    #expect(seen.contains { $0.hasPrefix("embedded/session/account-") && $0.hasSuffix(".plist") })
    #expect(seen.contains { $0.hasPrefix("embedded/users/") && $0.hasSuffix(".sqlite") })
  }

  @Test("links planted at events.log and accounts.sqlite: targets unchanged, the app works")
  func plantedLinks() async throws {
    let fixture = try KooberFixture()
    defer { fixture.remove() }
    let client = fixture.dataFolder.appendingPathComponent("embedded", isDirectory: true)
    try FileManager.default.createDirectory(at: client, withIntermediateDirectories: true)
    let logTarget = fixture.folder.url("not-koobers.log")
    let databaseTarget = fixture.folder.url("not-koobers.sqlite")
    let original = Data("someone else's file\n".utf8)
    try original.write(to: logTarget)
    try Data().write(to: databaseTarget)
    let links = [("events.log", logTarget), ("accounts.sqlite", databaseTarget)]
    for (name, target) in links {
      try FileManager.default.createSymbolicLink(
        at: client.appendingPathComponent(name), withDestinationURL: target)
    }

    try await fixture.signUp("ann@example.com", type: "passenger")
    #expect(try await fixture.run(["status"]).status == 0)
    #expect(try await fixture.run(["sign-out"]).status == 0)
    let signIn = try await fixture.run(
      ["sign-in", "--email", "ann@example.com", "--password-stdin"], stdin: "Pass1234\n")
    #expect(signIn.status == 0)
    let report = try await fixture.run(["report"])
    #expect(report.status == 0)
    #expect(report.stdout.contains("a***@example.com"))
    #expect(!report.stdout.contains("someone else's file"))

    #expect(try Data(contentsOf: logTarget) == original)
    #expect(try Data(contentsOf: databaseTarget).isEmpty)
    let names = try FileManager.default.contentsOfDirectory(atPath: client.path)
    for (name, target) in links {
      let attributes = try FileManager.default.attributesOfItem(
        atPath: client.appendingPathComponent(name).path)
      #expect(attributes[.type] as? FileAttributeType == .typeRegular, "\(name)")
      let aside = try #require(names.first { $0.hasPrefix(name + ".moved-aside-") }, "\(name)")
      let moved = client.appendingPathComponent(aside).path
      #expect(try FileManager.default.destinationOfSymbolicLink(atPath: moved) == target.path)
    }
  }

  @Test("an events.log over 4 MiB is read by report, and trimmed by the next run")
  func oversizedEventLogIsTrimmed() async throws {
    let fixture = try KooberFixture()
    defer { fixture.remove() }
    let client = fixture.dataFolder.appendingPathComponent("embedded", isDirectory: true)
    try FileManager.default.createDirectory(at: client, withIntermediateDirectories: true)
    let log = client.appendingPathComponent("events.log")
    let filler = String(repeating: "x", count: 90)
    let old = (0..<50_000).map { "old event \($0) \(filler)\n" }.joined()
    try Data(old.utf8).write(to: log)
    #expect(try Self.size(of: log) > 4 << 20)

    let report = try await fixture.run(["report"])
    #expect(report.status == 0)
    #expect(report.stdout.hasSuffix("old event 49999 \(filler)\n"))
    try await fixture.signUp("ann@example.com", type: "passenger")

    #expect(try Self.size(of: log) < 1 << 20)
    let lines = try String(contentsOf: log, encoding: .utf8).split(separator: "\n")
    #expect(lines.count <= 500)
    let newestOld = try #require(lines.lastIndex(of: "old event 49999 \(filler)"))
    #expect(lines[(newestOld + 1)...].contains { $0.contains("a***@example.com") })
  }

  private static func size(of url: URL) throws -> Int {
    let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
    return (attributes[.size] as? NSNumber)?.intValue ?? -1
  }
}
