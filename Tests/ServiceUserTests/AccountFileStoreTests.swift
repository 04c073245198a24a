import Foundation
import LoginCore
import ServiceUser
import TestSupport
import Testing
import UserModel
import WireFormat

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Issue 32, item 1, the store: `FileSessionStore` keeps each account's session in a file of
/// its own and the active account in a record beside them (`AccountSessionStore`).
@Suite("FileSessionStore keeps several accounts")
struct AccountFileStoreTests {
  static let annKey = AccountKey(Fixtures.session())
  static let danKey = AccountKey(Fixtures.session(Fixtures.dan))

  @Test("two accounts in one folder: a 0600 file each, 0700 folder, the record names the active")
  func twoAccounts() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let store = FileSessionStore(directory: folder.url("Session"))
    let ann = Fixtures.session()
    let dan = Fixtures.session(Fixtures.dan, number: 2)
    try store.save(ann)
    try store.save(dan)

    // The name is a hash of issuer and id (worked out with Python's hashlib), not the id.
    let annFile = "account-d5d4d58cb6ba090f466a8f35990a41a1.plist"
    #expect(store.fileURL(for: Self.annKey).lastPathComponent == annFile)
    let danFile = store.fileURL(for: Self.danKey).lastPathComponent
    #expect(
      try Self.names(folder)
        == [annFile, danFile, "accounts.plist", "accounts.plist.lock"].sorted())
    for name in [annFile, danFile, "accounts.plist"] {
      #expect(Self.mode(folder.path("Session/" + name)) == 0o600, "\(name)")
    }
    #expect(Self.mode(folder.path("Session")) == 0o700)
    #expect(try UserSessionPropertyListCoder.decode(Data(contentsOf: folder.url(
      "Session/" + annFile))) == ann)

    let record = try store.loadRecord()
    #expect(record.active == Self.danKey)
    #expect(record.accountsByRecency == [Self.danKey, Self.annKey])
    // The record is versioned, and names accounts without a token of theirs.
    let stored = try #require(
      PropertyListSerialization.propertyList(
        from: Data(contentsOf: folder.url("Session/accounts.plist")), format: nil)
        as? [String: Any])
    #expect(stored["formatVersion"] as? Int == 1)
    #expect((stored["active"] as? [String: Any])?["userID"] as? String == "usr_dan")
    let recordBytes = try Data(contentsOf: folder.url("Session/accounts.plist"))
    for token in [ann.accessToken, dan.accessToken, ann.refreshToken, dan.refreshToken] {
      #expect(recordBytes.range(of: Data((token ?? "?").utf8)) == nil)
    }
    #expect(try store.store(for: Self.annKey).load() == ann)
    #expect(try store.store(for: Self.danKey).load() == dan)
    #expect(try store.load() == dan)
  }

  @Test("load, save, clear and loadWithoutWriting mean the active account")
  func activeView() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let store = FileSessionStore(directory: folder.url("Session"))
    let other = FileSessionStore(directory: folder.url("Session"))
    try store.save(Fixtures.session())
    try store.save(Fixtures.session(Fixtures.dan))
    #expect(try other.load() == Fixtures.session(Fixtures.dan))

    try other.updateRecord { $0.active = Self.annKey }
    #expect(try store.load() == Fixtures.session())
    #expect(try store.loadWithoutWriting() == Fixtures.session())

    try store.clear()
    #expect(try store.load() == nil)
    #expect(try store.loadWithoutWriting() == nil)
    let record = try store.loadRecord()
    #expect(record.active == nil)
    #expect(Array(record.lastActive.keys) == [Self.danKey])
    #expect(!FileManager.default.fileExists(atPath: store.fileURL(for: Self.annKey).path))
    #expect(try store.store(for: Self.danKey).load() == Fixtures.session(Fixtures.dan))

    let renewed = Fixtures.session(Fixtures.dan, number: 3)
    try store.save(renewed)
    #expect(try store.loadRecord().active == Self.danKey)
    #expect(try store.load() == renewed)
  }

  @Test("exclusively locks the folder's session.plist.lock; an account's store its own file")
  func locks() async throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let store = FileSessionStore(directory: folder.url("Session"))
    let folderLock = folder.path("Session/session.plist.lock")
    let annLock = store.fileURL(for: Self.annKey).path + ".lock"
    let account = store.store(for: Self.annKey)
    let held = try await store.exclusively { () throws(AuthFailure) -> [Bool] in
      // The account's lock is another file: the folder's does not hold it.
      let inner = try await account.exclusively { () throws(AuthFailure) -> Bool in
        !Self.canLock(annLock)
      }
      return [!Self.canLock(folderLock), inner]
    }
    #expect(held == [true, true])
    #expect(Self.canLock(folderLock))
    #expect(Self.canLock(annLock))
  }

  @Test("an account file the record misses is listed; one whose file is gone is dropped")
  func orphanedAndMissing() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let store = FileSessionStore(directory: folder.url("Session"))
    try store.save(Fixtures.session())
    // A process killed between writing Dan's file and the record.
    try store.store(for: Self.danKey).save(Fixtures.session(Fixtures.dan))
    let written = try #require(
      FileManager.default.attributesOfItem(atPath: store.fileURL(for: Self.danKey).path)[
        .modificationDate] as? Date)

    var record = try store.loadRecord()
    #expect(record.active == Self.annKey)
    #expect(record.lastActive[Self.danKey] == written)
    #expect(Set(record.lastActive.keys) == [Self.annKey, Self.danKey])

    try FileManager.default.removeItem(at: store.fileURL(for: Self.annKey))
    record = try store.loadRecord()
    #expect(record.active == nil)
    #expect(Array(record.lastActive.keys) == [Self.danKey])
    #expect(try store.updateRecord { _ in } == record)
    #expect(try store.load() == nil)
  }

  @Test("a link planted at an account file is not read; the next save moves it aside")
  func accountFileLink() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let elsewhere = FileSessionStore(directory: folder.url("Elsewhere"))
    try elsewhere.save(Fixtures.session(number: 7))
    let target = elsewhere.fileURL(for: Self.annKey)
    let bytes = try Data(contentsOf: target)
    let store = FileSessionStore(directory: folder.url("Session"))
    try store.save(Fixtures.session(Fixtures.dan))
    let file = store.fileURL(for: Self.annKey)
    try FileManager.default.createSymbolicLink(at: file, withDestinationURL: target)

    #expect(throws: AuthFailure.self) { try store.store(for: Self.annKey).load() }
    try store.save(Fixtures.session())
    #expect(try store.load() == Fixtures.session())
    #expect(try Data(contentsOf: target) == bytes)
    let aside = try #require(
      Self.names(folder).first { $0.hasPrefix(file.lastPathComponent + ".unreadable-") })
    #expect(
      try FileManager.default.destinationOfSymbolicLink(atPath: folder.path("Session/" + aside))
        == target.path)
  }

  @Test("an account file and no record yet (a move or a first save killed between) is active")
  func noRecordYet() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let store = FileSessionStore(directory: folder.url("Session"))
    // A first save killed between its account file and the record.
    try store.store(for: Self.annKey).save(Fixtures.session())
    #expect(try store.loadRecord().active == Self.annKey)
    #expect(try store.load() == Fixtures.session())
  }

  @Test("ids with /, .., NUL and 10 KB are hashed into names inside the folder")
  func hostileIDs() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let store = FileSessionStore(directory: folder.url("Session"))
    let ids = ["../../escape", "a/b", "x\u{0}y", String(repeating: "z", count: 10_240), ".."]
    var sessions: [UserSession] = []
    for (index, id) in ids.enumerated() {
      var session = Fixtures.session(number: index)
      session.user = User(id: id, identifier: "u\(index)", name: nil, type: .passenger)
      session.issuer = index == 4 ? "../.." : Fixtures.issuer
      sessions.append(session)
      try store.save(session)
    }
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path) == ["Session"])
    let names = try Self.names(folder).filter { !$0.hasPrefix("accounts.plist") }
    #expect(names.count == ids.count)
    for name in names {
      #expect(name.range(of: "^account-[0-9a-f]{32}\\.plist$", options: .regularExpression)
        != nil, "\(name)")
    }
    let record = try store.loadRecord()
    #expect(record.lastActive.count == ids.count)
    for session in sessions {
      #expect(try store.store(for: AccountKey(session)).load() == session)
    }
  }

  /// An account's store, which a `FileSessionStore` hands out watchable.
  static func watching(
    _ store: FileSessionStore, _ account: AccountKey
  ) throws -> any SessionStoreWatching {
    try #require(store.store(for: account) as? any SessionStoreWatching)
  }

  static func names(_ folder: TemporaryDirectory) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: folder.path("Session")).sorted()
  }

  static func mode(_ path: String) -> Int {
    var status = stat()
    return lstat(path, &status) == 0 ? Int(status.st_mode & 0o7777) : -1
  }

  /// Whether another open of `path` could take its `flock` now.
  static func canLock(_ path: String) -> Bool {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return false }
    defer { close(descriptor) }
    return flock(descriptor, LOCK_EX | LOCK_NB) == 0
  }
}

@Suite("FileSessionStore: a folder written before accounts")
struct AccountFolderMigrationTests {
  /// A folder as the release before accounts left it: one `session.plist`, Ann's.
  static func oneSessionFolder(_ folder: TemporaryDirectory) throws -> FileSessionStore {
    let store = FileSessionStore(directory: folder.url("Session"))
    #expect(mkdir(folder.path("Session"), 0o700) == 0)
    let data = try UserSessionPropertyListCoder.encode(Fixtures.session())
    #expect(FileManager.default.createFile(
      atPath: store.fileURL.path, contents: data, attributes: [.posixPermissions: 0o600]))
    return store
  }

  /// Every name in the folder with its bytes (nil for a folder).
  static func snapshot(_ folder: TemporaryDirectory) throws -> [String: Data?] {
    var files: [String: Data?] = [:]
    for name in try FileManager.default.contentsOfDirectory(atPath: folder.path("Session")) {
      files[name] = FileManager.default.contents(atPath: folder.path("Session/" + name))
    }
    return files
  }

  @Test("it reads as one active account, and reading writes nothing")
  func readsWithoutWriting() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let store = try Self.oneSessionFolder(folder)
    let written = try #require(
      FileManager.default.attributesOfItem(atPath: store.fileURL.path)[.modificationDate]
        as? Date)
    let before = try Self.snapshot(folder)

    let record = try store.loadRecord()
    #expect(record == AccountRecord(
      active: AccountFileStoreTests.annKey,
      lastActive: [AccountFileStoreTests.annKey: written]))
    #expect(try store.loadWithoutWriting() == Fixtures.session())
    #expect(try AccountFileStoreTests.watching(store, AccountFileStoreTests.annKey)
      .loadWithoutWriting() == Fixtures.session())
    #expect(try Self.snapshot(folder) == before)
    #expect(Array(before.keys) == ["session.plist"])
  }

  @Test("load() moves it into its account's file and writes the record")
  func loadMoves() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let store = try Self.oneSessionFolder(folder)
    let bytes = try Data(contentsOf: store.fileURL)

    #expect(try store.load() == Fixtures.session())
    let file = store.fileURL(for: AccountFileStoreTests.annKey)
    #expect(try Data(contentsOf: file) == bytes)
    #expect(!FileManager.default.fileExists(atPath: store.fileURL.path))
    #expect(try store.loadRecord().active == AccountFileStoreTests.annKey)
    #expect(try AccountFileStoreTests.names(folder)
      == [file.lastPathComponent, "accounts.plist", "accounts.plist.lock"].sorted())
    #expect(AccountFileStoreTests.mode(folder.path("Session/accounts.plist")) == 0o600)
  }

  @Test("a first save of another account keeps the old one, moved, and makes the new active")
  func saveMoves() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let store = try Self.oneSessionFolder(folder)
    try store.save(Fixtures.session(Fixtures.dan))

    let record = try store.loadRecord()
    #expect(record.active == AccountFileStoreTests.danKey)
    #expect(Set(record.lastActive.keys)
      == [AccountFileStoreTests.annKey, AccountFileStoreTests.danKey])
    #expect(try store.store(for: AccountFileStoreTests.annKey).load() == Fixtures.session())
    #expect(!FileManager.default.fileExists(atPath: store.fileURL.path))
  }

  @Test("an account's own store reads the old file, and its first use moves it")
  func accountStoreMoves() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let store = try Self.oneSessionFolder(folder)
    let ann = store.store(for: AccountFileStoreTests.annKey)
    #expect(try ann.load() == Fixtures.session())
    #expect(FileManager.default.fileExists(
      atPath: store.fileURL(for: AccountFileStoreTests.annKey).path))
    #expect(try store.store(for: AccountFileStoreTests.danKey).load() == nil)
  }

  @Test("a session.plist others could write is refused as before, and set aside by a save")
  func writableOldFileRefused() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let store = try Self.oneSessionFolder(folder)
    #expect(chmod(store.fileURL.path, 0o620) == 0)
    let refusal = AuthFailure.unavailable(.sessionUnreadable("other users could write it"))
    #expect(throws: refusal) { try store.loadRecord() }
    #expect(throws: refusal) { try store.load() }
    #expect(AccountFileStoreTests.mode(store.fileURL.path) == 0o620)

    try store.save(Fixtures.session(Fixtures.dan))
    let record = try store.loadRecord()
    #expect(record.active == AccountFileStoreTests.danKey)
    #expect(Array(record.lastActive.keys) == [AccountFileStoreTests.danKey])
    let names = try AccountFileStoreTests.names(folder)
    #expect(names.contains { $0.hasPrefix("session.plist.unreadable-") })
  }

  @Test("two processes' worth of stores moving the same folder at once lose no session")
  func concurrentMoves() async throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let store = try Self.oneSessionFolder(folder)
    let directory = folder.url("Session")
    let loaded = try await withThrowingTaskGroup(of: UserSession?.self) { group in
      for _ in 0..<8 {
        group.addTask { try FileSessionStore(directory: directory).load() }
      }
      return try await group.reduce(into: []) { $0.append($1) }
    }
    #expect(loaded == Array(repeating: Fixtures.session(), count: 8))
    #expect(try store.loadRecord().active == AccountFileStoreTests.annKey)
    #expect(try store.load() == Fixtures.session())
  }
}

@Suite("FileSessionStore's account record")
struct AccountRecordFileTests {
  static func store(_ folder: TemporaryDirectory) throws -> FileSessionStore {
    let store = FileSessionStore(directory: folder.url("Session"))
    try store.save(Fixtures.session())
    return store
  }

  static func recordPath(_ folder: TemporaryDirectory) -> String {
    folder.path("Session/accounts.plist")
  }

  /// The record is refused by every read with `failure`, left as it is, and set aside by the
  /// next write, which rebuilds it from the account files with none active.
  static func expectRefused(
    _ failure: AuthFailure, _ store: FileSessionStore, _ folder: TemporaryDirectory
  ) throws {
    let path = recordPath(folder)
    let before = try FileManager.default.attributesOfItem(atPath: path)
    #expect(throws: failure) { try store.loadRecord() }
    #expect(throws: failure) { try store.load() }
    #expect(throws: failure) { try store.loadWithoutWriting() }
    let after = try FileManager.default.attributesOfItem(atPath: path)
    #expect(after[.systemFileNumber] as? Int == before[.systemFileNumber] as? Int)
    #expect(after[.modificationDate] as? Date == before[.modificationDate] as? Date)

    let record = try store.updateRecord { _ in }
    #expect(record.active == nil)
    #expect(Array(record.lastActive.keys) == [AccountFileStoreTests.annKey])
    #expect(try store.loadRecord() == record)
    let names = try AccountFileStoreTests.names(folder)
    #expect(names.contains { $0.hasPrefix("accounts.plist.unreadable-") })
  }

  @Test("a corrupt record is reported typed, kept byte for byte, and set aside by a write")
  func corrupt() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let store = try Self.store(folder)
    let garbage = Data("bplist00 not a record".utf8)
    try garbage.write(to: URL(fileURLWithPath: Self.recordPath(folder)))
    try Self.expectRefused(
      .unavailable(.sessionUnreadable("not an account record property list")), store, folder)
    let aside = try #require(
      AccountFileStoreTests.names(folder).first { $0.hasPrefix("accounts.plist.unreadable-") })
    #expect(try Data(contentsOf: folder.url("Session/" + aside)) == garbage)
  }

  @Test("a record a newer release wrote asks for an update")
  func newer() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let store = try Self.store(folder)
    let newer = try PropertyListSerialization.data(
      fromPropertyList: ["formatVersion": 2, "accounts": [String]()], format: .binary,
      options: 0)
    try newer.write(to: URL(fileURLWithPath: Self.recordPath(folder)))
    try Self.expectRefused(.refused(.updateRequired), store, folder)
  }

  @Test("a record past 1 MiB is refused as damaged")
  func oversized() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let store = try Self.store(folder)
    try Data(count: (1 << 20) + 1).write(to: URL(fileURLWithPath: Self.recordPath(folder)))
    try Self.expectRefused(
      .unavailable(.sessionUnreadable("the file is larger than a session can be")), store, folder)
  }

  @Test("a group-writable record is refused, not narrowed")
  func groupWritable() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let store = try Self.store(folder)
    #expect(chmod(Self.recordPath(folder), 0o620) == 0)
    try Self.expectRefused(
      .unavailable(.sessionUnreadable("other users could write it")), store, folder)
  }

  @Test("a record that is a symbolic link is not followed; its target is left alone")
  func link() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let store = try Self.store(folder)
    let elsewhere = FileSessionStore(directory: folder.url("Elsewhere"))
    try elsewhere.save(Fixtures.session(Fixtures.dan))
    let target = folder.url("Elsewhere/accounts.plist")
    let bytes = try Data(contentsOf: target)
    try FileManager.default.removeItem(atPath: Self.recordPath(folder))
    try FileManager.default.createSymbolicLink(
      atPath: Self.recordPath(folder), withDestinationPath: target.path)
    #expect(throws: AuthFailure.self) { try store.loadRecord() }
    try Self.expectRefused(
      .unavailable(.sessionUnreadable(
        "it is not a regular file (a link, a folder or a FIFO)")), store, folder)
    #expect(try Data(contentsOf: target) == bytes)
  }

  @Test(
    "a record planted by another user is refused",
    .enabled(if: FileSessionStoreForeignFolderTests.isRoot, "only root can give a file away"))
  func anotherUsers() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let store = try Self.store(folder)
    #expect(chown(Self.recordPath(folder), 65534, 65534) == 0)
    try Self.expectRefused(
      .unavailable(.sessionUnreadable("it belongs to another user")), store, folder)
  }

  @Test("concurrent record updates from separate stores lose no account")
  func concurrentUpdates() async throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let directory = folder.url("Session")
    let keys = (0..<24).map { AccountKey(userID: "usr_\($0)", issuer: Fixtures.issuer) }
    try await withThrowingTaskGroup(of: Void.self) { group in
      for (index, key) in keys.enumerated() {
        group.addTask {
          let store = FileSessionStore(directory: directory)
          var session = Fixtures.session(number: index)
          session.user = User(id: key.userID, identifier: "u\(index)", name: nil, type: .driver)
          try store.store(for: key).save(session)
          try store.updateRecord { $0.lastActive[key] = Self.moment(index) }
        }
      }
      try await group.waitForAll()
    }
    let record = try FileSessionStore(directory: directory).loadRecord()
    for (index, key) in keys.enumerated() {
      // A lost update leaves the account listed with its file's date instead.
      #expect(record.lastActive[key] == Self.moment(index), "\(key.userID)")
    }
  }

  static func moment(_ index: Int) -> Date {
    Date(timeIntervalSince1970: 1_000_000 + Double(index))
  }

  @Test("two processes adding accounts at once: every account recorded, none lost")
  func twoProcesses() async throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let directory = folder.url("Session")
    let count = 30
    let children = try ["left", "right"].map { prefix in
      try ChildProcess(
        executable: BuiltProducts.executable(named: "SessionCrashChild"),
        arguments: [directory.path, "accounts", prefix, "\(count)"])
    }
    for child in children { #expect(await child.readLine(timeout: .seconds(90)) == "ready") }
    for child in children { try child.write("go\n") }
    for child in children {
      #expect(await child.readLine(timeout: .seconds(90)) == "done")
      let exit = await child.waitForExit()
      let errors = await child.readErrorToEnd()
      #expect(exit == .exited(0), "\(errors)")
    }

    let record = try FileSessionStore(directory: directory).loadRecord()
    #expect(record.lastActive.count == 2 * count)
    for prefix in ["left", "right"] {
      for index in 0..<count {
        let key = AccountKey(userID: "\(prefix)-\(index)", issuer: nil)
        #expect(record.lastActive[key] == Self.moment(index), "\(key.userID)")
      }
    }
    let last = [
      AccountKey(userID: "left-\(count - 1)", issuer: nil),
      AccountKey(userID: "right-\(count - 1)", issuer: nil),
    ]
    #expect(record.active.map(last.contains) == true)
  }
}

@Suite("FileSessionStore's changes cover every account")
struct AccountChangesTests {
  @Test("another account's file and the record changing both wake the folder's watch")
  func changesCoverAccounts() async throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let store = FileSessionStore(directory: folder.url("Session"))
    try store.save(Fixtures.session())
    let other = FileSessionStore(directory: folder.url("Session"))
    let danKey = AccountFileStoreTests.danKey
    // Written before the watch starts, so the wake below is the record's own.
    try other.store(for: danKey).save(Fixtures.session(Fixtures.dan))

    var woken = await Self.wakes(store) { try other.updateRecord { $0.active = danKey } }
    #expect(woken)
    #expect(try store.loadWithoutWriting() == Fixtures.session(Fixtures.dan))

    // A renewal of a kept account, which leaves the record alone.
    let annKey = AccountFileStoreTests.annKey
    woken = await Self.wakes(store) {
      try other.store(for: annKey).save(Fixtures.session(number: 2))
    }
    #expect(woken)
    #expect(try AccountFileStoreTests.watching(store, annKey).loadWithoutWriting()
      == Fixtures.session(number: 2))
  }

  /// Whether a watch of `store` started before `write` yields within 10 seconds after it (no
  /// speed is claimed: the suites share two threads).
  static func wakes(
    _ store: FileSessionStore, after write: () throws -> Void
  ) async -> Bool {
    let woken = Locked(false)
    let stream = store.changes()
    let listener = Task {
      for await _ in stream {
        woken.withLock { $0 = true }
        return
      }
    }
    defer { listener.cancel() }
    do {
      try write()
    } catch {
      Issue.record("the write failed: \(error)")
      return false
    }
    let deadline = Date() + 10
    while !woken.value, Date() < deadline { try? await Task.sleep(for: .milliseconds(5)) }
    return woken.value
  }
}
