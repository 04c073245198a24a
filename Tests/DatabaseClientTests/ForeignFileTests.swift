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

  @Test("a 0666 database with 0666 -wal and -shm in a 0777 folder: 0600 and 0700, rows kept")
  func openFilesAreNarrowedBeforeOpening() throws {
    let source = try TemporaryDirectory(prefix: "database-client")
    defer { source.remove() }
    let copy = try TemporaryDirectory(prefix: "database-client")
    defer { copy.remove() }
    let live = try Database(path: source.path("test.sqlite"))
    try live.execute("CREATE TABLE notes (body TEXT)")
    try live.execute("INSERT INTO notes (body) VALUES (?)", ["in the wal only"])
    // What a killed process leaves: the database with its newest writes in -wal.
    let names = ["test.sqlite", "test.sqlite-wal", "test.sqlite-shm"]
    for name in names {
      try FileManager.default.copyItem(atPath: source.path(name), toPath: copy.path(name))
      #expect(chmod(copy.path(name), 0o666) == 0)
    }
    #expect(chmod(copy.url.path, 0o777) == 0)

    let db = try Database(path: copy.path("test.sqlite"))
    for name in names { #expect(try FileMode.of(copy.path(name)) == 0o600, "\(name)") }
    #expect(try FileMode.of(copy.url.path) == 0o700)
    #expect(try count("notes", in: db) == 1)
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
      #expect(chown(file, 0, 0) == 0)
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
