import DatabaseClient
import Foundation
import TestSupport
import Testing

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#endif

/// A database someone else made, or in a folder someone else can write: another user's is
/// refused, the user's own is made private before SQLite opens any of its files.
@Suite("database files made by someone else")
struct ForeignFileTests {
  /// `nobody`: another user (only root can give a file away).
  static let otherUser: uid_t = 65534
  static var isRoot: Bool { geteuid() == 0 }

  /// What a killed process leaves: a database with its newest writes in -wal, copied to a
  /// fresh folder with the given mode on each file.
  private static func killedCopy(mode: mode_t) throws -> (TemporaryDirectory, [String]) {
    let source = try TemporaryDirectory(prefix: "database-client")
    defer { source.remove() }
    let copy = try TemporaryDirectory(prefix: "database-client")
    let live = try Database(path: source.path("test.sqlite"))
    try live.execute("CREATE TABLE notes (body TEXT)")
    try live.execute("INSERT INTO notes (body) VALUES (?)", ["in the wal only"])
    let names = ["test.sqlite", "test.sqlite-wal", "test.sqlite-shm"]
    for name in names {
      try FileManager.default.copyItem(atPath: source.path(name), toPath: copy.path(name))
      #expect(chmod(copy.path(name), mode) == 0)
    }
    return (copy, names)
  }

  @Test("a 0644 database with 0644 -wal and -shm in a 0777 folder: 0600 and 0700, rows kept")
  func readableFilesAreNarrowedBeforeOpening() throws {
    let (copy, names) = try Self.killedCopy(mode: 0o644)
    defer { copy.remove() }
    #expect(chmod(copy.url.path, 0o777) == 0)

    let db = try Database(path: copy.path("test.sqlite"))
    for name in names { #expect(try FileMode.of(copy.path(name)) == 0o600, "\(name)") }
    #expect(try FileMode.of(copy.url.path) == 0o700)
    #expect(try count("notes", in: db) == 1)
  }

  @Test("a database, -wal or -shm others could write is refused, not narrowed, and left as it was")
  func writableFilesAreRefused() throws {
    let (copy, names) = try Self.killedCopy(mode: 0o600)
    defer { copy.remove() }
    for name in names {
      // Another user may hold it open for writing, or have written frames SQLite would replay.
      #expect(chmod(copy.path(name), 0o666) == 0)
      let error = try #require(throws: DatabaseError.self) {
        try Database(path: copy.path("test.sqlite"))
      }
      #expect(error.kind == .cannotOpen)
      #expect(error.message.hasPrefix("cannot open /"))
      #expect(error.message.hasSuffix("/\(name): other users could write it"), "\(error.message)")
      #expect(try FileMode.of(copy.path(name)) == 0o666)
      #expect(chmod(copy.path(name), 0o620) == 0)
      #expect(throws: DatabaseError.self, "group-writable: \(name)") {
        try Database(path: copy.path("test.sqlite"))
      }
      #expect(chmod(copy.path(name), 0o600) == 0)
    }
    #expect(try count("notes", in: Database(path: copy.path("test.sqlite"))) == 1)
  }

  @Test("a database or -wal with a second name (a hard link) is refused")
  func hardLinkedFilesAreRefused() throws {
    let (copy, _) = try Self.killedCopy(mode: 0o600)
    defer { copy.remove() }
    for name in ["test.sqlite", "test.sqlite-wal"] {
      let planted = copy.path("planted-\(name)")
      #expect(link(copy.path(name), planted) == 0)
      let error = try #require(throws: DatabaseError.self) {
        try Database(path: copy.path("test.sqlite"))
      }
      #expect(error.message.hasSuffix("/\(name): it has more than one name (a hard link)"))
      #expect(unlink(planted) == 0)
    }
    #expect(try count("notes", in: Database(path: copy.path("test.sqlite"))) == 1)
  }

  @Test("a folder above the database that others can write is refused; a sticky one is fine")
  func writableHolderIsRefused() throws {
    let folder = try TemporaryDirectory(prefix: "database-client")
    defer { folder.remove() }
    #expect(chmod(folder.url.path, 0o777) == 0)
    let path = folder.path("inner/test.sqlite")

    let error = try #require(throws: DatabaseError.self) { try Database(path: path) }
    #expect(error.kind == .cannotOpen)
    #expect(
      error.message == "cannot use the folder \(folder.url.path): other users can write in it")
    #expect(!FileManager.default.fileExists(atPath: folder.path("inner")))

    #expect(chmod(folder.url.path, 0o1777) == 0)
    let db = try Database(path: path)
    try db.execute("CREATE TABLE notes (body TEXT)")
    #expect(try FileMode.of(folder.path("inner")) == 0o700)
  }

  @Test(
    "a folder, database or -wal of another user is refused, and left as it was",
    .enabled(if: isRoot, "only root can give a file to another user"))
  func anotherUsersFilesAreRefused() throws {
    let fixture = try Fixture()
    defer { fixture.folder.remove() }
    try Database(path: fixture.path).execute("CREATE TABLE notes (body TEXT)")

    for suffix in ["", "-wal"] {
      let file = fixture.path + suffix
      if !FileManager.default.fileExists(atPath: file) {
        #expect(FileManager.default.createFile(atPath: file, contents: Data()))
      }
      #expect(chmod(file, 0o666) == 0)
      #expect(chown(file, Self.otherUser, Self.otherUser) == 0)
      let error = try #require(throws: DatabaseError.self) { try Database(path: fixture.path) }
      // The folder's path is resolved (macOS's /var is a link); the file's name is as given.
      #expect(error.message.hasPrefix("cannot open /"))
      #expect(error.message.hasSuffix("/test.sqlite\(suffix): it belongs to another user"))
      #expect(try FileMode.of(file) == 0o666)
      #expect(chown(file, 0, 0) == 0 && chmod(file, 0o600) == 0)
    }

    let inner = fixture.folder.path("theirs")
    #expect(mkdir(inner, 0o755) == 0)
    #expect(chown(inner, Self.otherUser, Self.otherUser) == 0)
    let error = try #require(throws: DatabaseError.self) {
      try Database(path: inner + "/test.sqlite")
    }
    #expect(error.message == "cannot use the folder \(inner): it belongs to another user")
    #expect(try FileManager.default.contentsOfDirectory(atPath: inner) == [])
  }
}
