import DatabaseClient
import Foundation
import TestSupport
import Testing
import WireFormat

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#endif

/// The path to a database: links on it must be the user's (or root's) and are resolved once
/// checked; opening a database again never drops the locks a connection already holds.
@Suite("links on a database's path, and locks kept across opens")
struct DataPathTests {
  /// `nobody`: another user (only root can give a link away).
  static let otherUser: uid_t = 65534
  static var isRoot: Bool { geteuid() == 0 }

  /// A sticky, world-writable folder (as `/tmp` is) and a private folder of the user's.
  private static func sharedAndMine() throws -> (TemporaryDirectory, String, String) {
    let root = try TemporaryDirectory(prefix: "database-client")
    let shared = root.path("shared")
    let mine = root.path("mine")
    #expect(mkdir(shared, 0o700) == 0 && chmod(shared, 0o1777) == 0)
    #expect(mkdir(mine, 0o700) == 0)
    return (root, shared, mine)
  }

  private static func realPath(_ path: String) -> String? {
    guard let resolved = realpath(path, nil) else { return nil }
    defer { free(resolved) }
    return String(cString: resolved)
  }

  @Test("the user's own link on the path is followed, and the real path is what is used")
  func ownLinkIsFollowed() throws {
    let (root, shared, mine) = try Self.sharedAndMine()
    defer { root.remove() }
    let link = shared + "/pat"
    #expect(symlink(mine, link) == 0)

    let used = try PrivateFiles.createFolders(link, existing: .madePrivate)
    #expect(used == Self.realPath(mine))
    #expect(!used.contains("/shared/"))
    let db = try Database(path: link + "/test.sqlite")
    try db.execute("CREATE TABLE notes (body TEXT)")
    #expect(FileManager.default.fileExists(atPath: mine + "/test.sqlite"))
  }

  @Test(
    "a link of another user on the path is refused, the link a link points to included",
    .enabled(if: isRoot, "only root can give a link to another user"))
  func anotherUsersLinkIsRefused() throws {
    let (root, shared, mine) = try Self.sharedAndMine()
    defer { root.remove() }
    // Mallory's /tmp/pat pointing at the person's folder: she could repoint it later.
    let link = shared + "/pat"
    #expect(symlink(mine, link) == 0)
    #expect(lchown(link, Self.otherUser, Self.otherUser) == 0)

    #expect(throws: PrivateFileError(path: link, cause: .linkOfAnotherUser)) {
      try PrivateFiles.createFolders(link + "/inner")
    }
    let error = try #require(throws: DatabaseError.self) {
      try Database(path: link + "/test.sqlite")
    }
    #expect(
      error.message
        == "cannot use the folder \(link): it is a symbolic link that belongs to another user")
    #expect(try FileManager.default.contentsOfDirectory(atPath: mine) == [])

    // The person's own link to Mallory's link: the walk reaches hers and stops there.
    let own = root.path("own")
    #expect(symlink(link, own) == 0)
    #expect(throws: PrivateFileError(path: link, cause: .linkOfAnotherUser)) {
      try PrivateFiles.createFolders(own)
    }
  }

  #if os(Linux)
    /// Whether some lock conflicts with a write lock on all of the file open at `probe`,
    /// asked as an open file description lock: unlike a classic `F_GETLK`, it sees this
    /// process's own `fcntl` locks (SQLite's).
    private static func isLocked(_ probe: Int32) throws -> Bool {
      var query = flock()
      query.l_type = Int16(F_WRLCK)
      query.l_whence = Int16(SEEK_SET)
      query.l_start = 0
      query.l_len = 0
      let getOFDLock: Int32 = 36  // F_OFD_GETLK, which Glibc's module does not export.
      try #require(fcntl(probe, getOFDLock, &query) == 0)
      return query.l_type != Int16(F_UNLCK)
    }

    @Test("opening a database that is open already keeps the first connection's locks")
    func reopeningKeepsLocks() throws {
      let fixture = try Fixture()
      defer { fixture.folder.remove() }
      let first = try Database(path: fixture.path)
      try first.execute("CREATE TABLE notes (body TEXT)")
      try first.execute("INSERT INTO notes (body) VALUES ('kept')")
      // Closing this descriptor would drop the locks too: it stays open to the test's end.
      let probe = open(fixture.path, O_RDONLY | O_CLOEXEC)
      try #require(probe >= 0)
      defer { _ = close(probe) }
      // A WAL connection holds a shared lock on the database file while it is open.
      try #require(try Self.isLocked(probe), "the first connection's lock")

      let second = try Database(path: fixture.path)
      #expect(try Self.isLocked(probe), "a descriptor closed by the open dropped the lock")
      #expect(try count("notes", in: second) == 1)
      #expect(try count("notes", in: first) == 1)
    }
  #endif
}
