import Foundation
import Testing

/// Where koober keeps its data, and what it keeps there.
@Suite("data folder")
struct DataFolderTests {
  private func permissions(_ url: URL) throws -> Int {
    let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
    return try #require(attributes[.posixPermissions] as? Int)
  }

  @Test("--data-dir is created 0700 with its parents; the session file is 0600")
  func createdPrivate() async throws {
    let fixture = try KooberFixture()
    defer { fixture.remove() }
    let nested = fixture.folder.url("a/b/data")
    let result = try await ProcessRunner.run(
      ["--data-dir", nested.path, "sign-up", "--email", "ann@example.com", "--type",
       "passenger", "--password-stdin"], environment: fixture.environment(), stdin: "Pass1234\n")
    #expect(result.status == 0)
    #expect(try permissions(nested) == 0o700)
    #expect(try permissions(nested.appendingPathComponent("embedded")) == 0o700)
    let session = nested.appendingPathComponent("embedded/session")
    let files = try FileManager.default.contentsOfDirectory(atPath: session.path)
    #expect(!files.isEmpty)
    for file in files {
      #expect(try permissions(session.appendingPathComponent(file)) == 0o600)
    }
  }

  @Test("KOOBER_DATA_DIR is used when --data-dir is not given")
  func environmentVariable() async throws {
    let fixture = try KooberFixture()
    defer { fixture.remove() }
    let chosen = fixture.folder.url("from-env")
    let result = try await ProcessRunner.run(
      ["status"], environment: fixture.environment(["KOOBER_DATA_DIR": chosen.path]))
    #expect(result.status == 4)
    #expect(try permissions(chosen) == 0o700)
    let backend = chosen.appendingPathComponent("backend.sqlite")
    #expect(FileManager.default.fileExists(atPath: backend.path))
  }

  @Test("without either, the platform's folder: XDG_DATA_HOME, then ~/.local/share on Linux")
  func platformDefault() async throws {
    let fixture = try KooberFixture()
    defer { fixture.remove() }
    #if os(Linux)
      let xdg = fixture.folder.url("xdg")
      let first = try await ProcessRunner.run(
        ["status"], environment: fixture.environment(["XDG_DATA_HOME": xdg.path]))
      #expect(first.status == 4)
      #expect(FileManager.default.fileExists(atPath: xdg.appendingPathComponent("koober").path))
      let expected = fixture.folder.url(".local/share/koober")
    #else
      let expected = fixture.folder.url("Library/Application Support/Koober")
    #endif
    let second = try await ProcessRunner.run(["status"], environment: fixture.environment())
    #expect(second.status == 4)
    #expect(try permissions(expected) == 0o700)
  }

  @Test("an unusable data folder is one sentence and exit 1")
  func unusableFolder() async throws {
    let fixture = try KooberFixture()
    defer { fixture.remove() }
    let file = fixture.folder.url("plain-file")
    try Data("x".utf8).write(to: file)
    let direct = try await ProcessRunner.run(
      ["--data-dir", file.path, "status"], environment: fixture.environment())
    #expect(direct.status == 1)
    #expect(
      direct.stderr
        == "koober: Koober cannot use its data folder \(file.path): a file has that name.\n")
  }

  @Test("no file koober writes holds the password, after sign-up, sign-in and a code")
  func passwordNeverOnDisk() async throws {
    let fixture = try KooberFixture()
    defer { fixture.remove() }
    let password = "Secret-Drive-4821"
    try await fixture.makeAccount("dan@example.com", type: "driver", password: password)
    let signIn = try await fixture.run(
      ["sign-in", "--email", "dan@example.com", "--password-stdin"], stdin: password + "\n")
    #expect(signIn.status == 3)
    let enumerator = try #require(FileManager.default.enumerator(atPath: fixture.dataFolder.path))
    var checked = 0
    for case let path as String in enumerator {
      let url = fixture.dataFolder.appendingPathComponent(path)
      guard let data = try? Data(contentsOf: url) else { continue }
      checked += 1
      #expect(data.range(of: Data(password.utf8)) == nil, "\(path) holds the password")
    }
    #expect(checked >= 4)
  }
}
