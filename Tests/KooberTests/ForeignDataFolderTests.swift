import Foundation
import Testing

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#endif

/// Folders and files someone else made in (or above) the data folder: another user's are
/// refused with one sentence, the person's own are made private before anything is written.
@Suite("data folders made by someone else")
struct ForeignDataFolderTests {
  /// `nobody`: another user, for the cases that need one (only root can give a file away).
  static let otherUser: uid_t = 65534
  static var isRoot: Bool { geteuid() == 0 }

  private static func mode(_ url: URL) throws -> Int {
    var status = stat()
    guard lstat(url.path, &status) == 0 else { throw CocoaError(.fileNoSuchFile) }
    return Int(status.st_mode & 0o7777)
  }

  private static func setMode(_ url: URL, _ mode: mode_t) {
    #expect(chmod(url.path, mode) == 0, "chmod \(url.path)")
  }

  @Test("a 0777 data folder, a 0755 client folder, a planted 0644 events.log: 0700, 0700, 0600")
  func openClientFolderIsNarrowed() async throws {
    let fixture = try KooberFixture()
    defer { fixture.remove() }
    FileModes.usePermissiveUmask()
    let client = fixture.dataFolder.appendingPathComponent("embedded", isDirectory: true)
    try FileManager.default.createDirectory(at: client, withIntermediateDirectories: true)
    let log = client.appendingPathComponent("events.log")
    try Data("planted line\n".utf8).write(to: log)
    Self.setMode(fixture.dataFolder, 0o777)
    // Readable by others, not writable: the client folder is koober's own, so it is 0700.
    Self.setMode(client, 0o755)
    Self.setMode(log, 0o644)

    try await fixture.signUp("ann@example.com", type: "passenger")

    #expect(try Self.mode(fixture.dataFolder) == 0o700)
    #expect(try Self.mode(client) == 0o700)
    #expect(try Self.mode(log) == 0o600)
    let events = try String(contentsOf: log, encoding: .utf8)
    #expect(events.hasPrefix("planted line\n"))
    #expect(events.contains("a***@example.com"))
    #expect(try FileModes.exceptions(under: fixture.dataFolder).exceptions == [])
  }

  @Test("koober's own folders others can read (its client folder, session) end 0700")
  func ownFoldersAreMadePrivate() async throws {
    let fixture = try KooberFixture()
    defer { fixture.remove() }
    try await fixture.signUp("ann@example.com", type: "passenger")
    let client = fixture.dataFolder.appendingPathComponent("embedded", isDirectory: true)
    let folders = [client, client.appendingPathComponent("session", isDirectory: true)]
    for folder in folders { Self.setMode(folder, 0o755) }

    #expect(try await fixture.run(["status"]).status == 0)
    for folder in folders { #expect(try Self.mode(folder) == 0o700, "\(folder.path)") }
  }

  @Test("a planted events.log others could write is refused in one sentence, and left as it was")
  func writableFileIsRefused() async throws {
    let fixture = try KooberFixture()
    defer { fixture.remove() }
    let client = fixture.dataFolder.appendingPathComponent("embedded", isDirectory: true)
    try FileManager.default.createDirectory(at: client, withIntermediateDirectories: true)
    let log = client.appendingPathComponent("events.log")
    try Data("planted line\n".utf8).write(to: log)
    Self.setMode(log, 0o666)

    let status = try await fixture.run(["status"])
    #expect(status.status == 1)
    #expect(
      status.stderr
        == "koober: Koober cannot use its file \(log.path): other users could write it; "
        + "remove it (or move it away) after checking it, or use a data folder of your own "
        + "(mktemp -d).\n")
    let chinese = try await fixture.run(["status"], extraEnvironment: ["LANG": "zh_CN.UTF-8"])
    #expect(
      chinese.stderr
        == "koober: Koober 无法使用文件 \(log.path)：其他用户可以写入该文件；"
        + "请检查后删除它（或移到别处），或使用你自己的数据文件夹（mktemp -d）。\n")
    #expect(try Data(contentsOf: log) == Data("planted line\n".utf8))
    #expect(try Self.mode(log) == 0o666)
  }

  @Test("koober serve: a 0666 backend.sqlite-wal is refused; 0644 files are 0600 while serving")
  func serveNarrowsDatabaseAndCompanions() async throws {
    let fixture = try KooberFixture()
    defer { fixture.remove() }
    let folder = fixture.dataFolder
    // A server killed with SIGKILL leaves its -wal and -shm beside the database.
    let first = try await Self.startServer(folder, fixture)
    first.send(signal: SIGKILL)
    _ = try? await first.finish()  // It throws for a killed process: that is the point.
    let files = ["backend.sqlite", "backend.sqlite-wal", "backend.sqlite-shm"].map {
      folder.appendingPathComponent($0)
    }
    for file in files {
      #expect(FileManager.default.fileExists(atPath: file.path), "\(file.lastPathComponent)")
      Self.setMode(file, 0o644)
    }
    Self.setMode(folder, 0o777)
    // Frames another user wrote into the -wal would be replayed when SQLite opens it.
    Self.setMode(files[1], 0o666)
    let refused = try await ProcessRunner.run(
      ["serve", "--port", "0", "--data-dir", folder.path], environment: fixture.environment())
    #expect(refused.status == 1)
    #expect(
      refused.stderr.hasPrefix(
        "koober: Koober cannot use its file \(files[1].path): other users could write it;"),
      "\(refused.stderr)")
    #expect(try Self.mode(files[1]) == 0o666)

    Self.setMode(files[1], 0o644)
    let server = try await Self.startServer(folder, fixture)
    for file in files { #expect(try Self.mode(file) == 0o600, "\(file.lastPathComponent)") }
    #expect(try Self.mode(folder) == 0o700)
    server.send(signal: SIGTERM)
    #expect(try await server.finish() == 0)
  }

  @Test(
    "a data folder reached through another user's link is refused; the person's own is used",
    .enabled(if: isRoot, "only root can give a link to another user"))
  func anotherUsersLinkIsRefused() async throws {
    let fixture = try KooberFixture()
    defer { fixture.remove() }
    let shared = fixture.folder.url("shared")
    try FileManager.default.createDirectory(at: shared, withIntermediateDirectories: true)
    Self.setMode(shared, 0o1777)
    try FileManager.default.createDirectory(
      at: fixture.dataFolder, withIntermediateDirectories: true)
    // Mallory's /tmp/pat, pointing at the person's folder for now.
    let link = shared.appendingPathComponent("pat")
    #expect(symlink(fixture.dataFolder.path, link.path) == 0)
    #expect(lchown(link.path, Self.otherUser, Self.otherUser) == 0)

    let refused = try await ProcessRunner.run(
      ["--data-dir", link.path, "status"], environment: fixture.environment())
    #expect(refused.status == 1)
    #expect(
      refused.stderr
        == "koober: Koober cannot keep its data in \(link.path): it is a symbolic link of "
        + "another user, who could point it elsewhere; give the folder it points to instead, "
        + "or use a folder of your own (mktemp -d).\n")
    #expect(try FileManager.default.contentsOfDirectory(atPath: fixture.dataFolder.path) == [])

    #expect(lchown(link.path, geteuid(), getegid()) == 0)
    let used = try await ProcessRunner.run(
      ["--data-dir", link.path, "status"], environment: fixture.environment())
    #expect(used.status == 4, "\(used.stderr)")
    #expect(FileManager.default.fileExists(atPath: fixture.dataFolder.path + "/embedded"))
  }

  @Test(
    "a data folder of another user is refused in one sentence, by the client and by serve",
    .enabled(if: isRoot, "only root can give a folder to another user"))
  func foreignDataFolderIsRefused() async throws {
    let fixture = try KooberFixture()
    defer { fixture.remove() }
    let folder = fixture.dataFolder
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    #expect(chown(folder.path, Self.otherUser, Self.otherUser) == 0)
    let expected =
      "koober: Koober cannot keep its data in \(folder.path): it belongs to another user; "
      + "use a folder of your own (mktemp -d).\n"

    let status = try await fixture.run(["status"])
    #expect(status.status == 1)
    #expect(status.stderr == expected)
    let serve = try await ProcessRunner.run(
      ["serve", "--port", "0", "--data-dir", folder.path], environment: fixture.environment())
    #expect(serve.status == 1)
    #expect(serve.stderr == expected)
    let chinese = try await fixture.run(["status"], extraEnvironment: ["LANG": "zh_CN.UTF-8"])
    #expect(
      chinese.stderr
        == "koober: Koober 无法把数据保存在 \(folder.path)："
        + "该文件夹属于其他用户；请使用你自己的文件夹（mktemp -d）。\n")
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == [])
  }

  @Test(
    "a file of another user in the data folder is refused in one sentence, and not written",
    .enabled(if: isRoot, "only root can give a file to another user"))
  func foreignFileIsRefused() async throws {
    let fixture = try KooberFixture()
    defer { fixture.remove() }
    let client = fixture.dataFolder.appendingPathComponent("embedded", isDirectory: true)
    try FileManager.default.createDirectory(at: client, withIntermediateDirectories: true)
    let log = client.appendingPathComponent("events.log")
    try Data("theirs\n".utf8).write(to: log)
    #expect(chown(log.path, Self.otherUser, Self.otherUser) == 0)
    Self.setMode(log, 0o666)

    let status = try await fixture.run(["status"])
    #expect(status.status == 1)
    #expect(
      status.stderr
        == "koober: Koober cannot use its file \(log.path): it belongs to another user; "
        + "remove it, or use a data folder of your own (mktemp -d).\n")
    #expect(try Data(contentsOf: log) == Data("theirs\n".utf8))
    #expect(try Self.mode(log) == 0o666)
  }

  @Test("a folder above the data folder that others can write is refused; a sticky one is fine")
  func writableHolderIsRefused() async throws {
    let fixture = try KooberFixture()
    defer { fixture.remove() }
    let shared = fixture.folder.url("shared")
    try FileManager.default.createDirectory(at: shared, withIntermediateDirectories: true)
    Self.setMode(shared, 0o777)
    let data = shared.appendingPathComponent("pat")

    let refused = try await ProcessRunner.run(
      ["--data-dir", data.path, "status"], environment: fixture.environment())
    #expect(refused.status == 1)
    #expect(
      refused.stderr
        == "koober: Koober cannot keep its data in \(shared.path): other users can write in "
        + "it; run chmod go-w \(shared.path), or use a folder of your own (mktemp -d).\n")
    #expect(!FileManager.default.fileExists(atPath: data.path))
    #expect(try Self.mode(shared) == 0o777)

    Self.setMode(shared, 0o1777)
    let used = try await ProcessRunner.run(
      ["--data-dir", data.path, "status"], environment: fixture.environment())
    #expect(used.status == 4, "\(used.stderr)")
    #expect(try Self.mode(data) == 0o700)
  }

  @Test("the person's other files in a chosen data folder keep their modes")
  func otherFilesAreLeftAlone() async throws {
    let fixture = try KooberFixture()
    defer { fixture.remove() }
    try FileManager.default.createDirectory(
      at: fixture.dataFolder, withIntermediateDirectories: true)
    let notes = fixture.dataFolder.appendingPathComponent("notes.txt")
    try Data("mine\n".utf8).write(to: notes)
    Self.setMode(notes, 0o644)

    try await fixture.signUp("ann@example.com", type: "passenger")
    #expect(try Self.mode(notes) == 0o644)
    #expect(try Self.mode(fixture.dataFolder.appendingPathComponent("backend.sqlite")) == 0o600)
  }

  private static func startServer(
    _ folder: URL, _ fixture: KooberFixture
  ) async throws -> InteractiveSession {
    let server = try InteractiveSession(
      arguments: ["serve", "--port", "0", "--data-dir", folder.path],
      environment: fixture.environment())
    try await server.waitFor("listening on")
    return server
  }
}
