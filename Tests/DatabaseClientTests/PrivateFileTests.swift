import DatabaseClient
import Foundation
import TestSupport
import Testing

/// What a database creates on disk is private, and nothing is opened through a link.
@Suite("private database files")
struct PrivateFileTests {
  @Test("a new database in a 0755 folder under umask 022: file, -wal, -shm 0600, folders 0700")
  func modesUnderPermissiveUmask() throws {
    let folder = try TemporaryDirectory(prefix: "database-client")
    defer { folder.remove() }
    #expect(chmod(folder.url.path, 0o755) == 0)
    let path = folder.path("a/b/test.sqlite")
    try withUmask(0o022) {
      let db = try Database(path: path)
      try db.execute("CREATE TABLE notes (body TEXT)")
      try db.execute("INSERT INTO notes (body) VALUES (?)", ["secret"])
      for file in [path, path + "-wal", path + "-shm"] {
        #expect(try FileMode.of(file) == 0o600, "\(file)")
      }
    }
    #expect(try FileMode.of(folder.path("a")) == 0o700)
    #expect(try FileMode.of(folder.path("a/b")) == 0o700)
    #expect(try FileMode.of(folder.url.path) == 0o755)
  }

  @Test("a link planted at the database's path is moved aside and its target is not modified")
  func linkAtDatabasePath() throws {
    let fixture = try Fixture()
    defer { fixture.folder.remove() }
    let target = fixture.folder.path("elsewhere")
    #expect(FileManager.default.createFile(atPath: target, contents: Data()))
    try FileManager.default.createSymbolicLink(atPath: fixture.path, withDestinationPath: target)

    let db = try Database(path: fixture.path)
    try db.execute("CREATE TABLE notes (body TEXT)")
    try db.execute("INSERT INTO notes (body) VALUES (?)", ["secret"])
    #expect(try Data(contentsOf: URL(fileURLWithPath: target)).isEmpty)
    #expect(try FileMode.isRegularFile(fixture.path))
    let aside = try FileMode.names(
      in: fixture.folder.url.path, startingWith: "test.sqlite.moved-aside-")
    #expect(aside.count == 1)
    let moved = fixture.folder.path(aside.first ?? "")
    #expect(try FileManager.default.destinationOfSymbolicLink(atPath: moved) == target)
  }

  @Test("links planted at the -wal, -shm and -journal paths are moved aside, not written through")
  func linksAtCompanionPaths() throws {
    let fixture = try Fixture()
    defer { fixture.folder.remove() }
    let suffixes = ["-wal", "-shm", "-journal"]
    for suffix in suffixes {
      let target = fixture.folder.path("elsewhere" + suffix)
      #expect(FileManager.default.createFile(atPath: target, contents: Data()))
      try FileManager.default.createSymbolicLink(
        atPath: fixture.path + suffix, withDestinationPath: target)
    }

    let db = try Database(path: fixture.path)
    try db.execute("CREATE TABLE notes (body TEXT)")
    try db.execute("INSERT INTO notes (body) VALUES (?)", ["secret"])
    #expect(try count("notes", in: db) == 1)
    for suffix in suffixes {
      let target = fixture.folder.path("elsewhere" + suffix)
      #expect(try Data(contentsOf: URL(fileURLWithPath: target)).isEmpty, "\(suffix)")
      let prefix = "test.sqlite\(suffix).moved-aside-"
      #expect(try FileMode.names(in: fixture.folder.url.path, startingWith: prefix).count == 1)
    }
    #expect(try FileMode.isRegularFile(fixture.path + "-wal"))
    #expect(try FileMode.isRegularFile(fixture.path + "-shm"))
  }
}
