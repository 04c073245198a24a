import DatabaseClient
import Foundation
import TestSupport
import Testing

@testable import KooberBackend

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

@Suite("what the backend stores")
struct StorageTests {
  @Test("two users with the same password get different salts and hashes")
  func passwords_samePassword_differentHashes() async throws {
    let server = try TestBackend()
    defer { server.stop() }
    try await server.signUp("ann@example.com", password: "sam3pass!")
    try await server.signUp("bob@example.com", password: "sam3pass!")
    let database = try Database(path: server.backend.databasePath)
    let rows = try database.query(
      "SELECT password_hash, password_salt, password_iterations FROM users ORDER BY email")
    #expect(rows.count == 2)
    let hashes = rows.compactMap { $0["password_hash"] as Data? }
    let salts = rows.compactMap { $0["password_salt"] as Data? }
    #expect(hashes.count == 2 && hashes[0] != hashes[1])
    #expect(salts.count == 2 && salts[0] != salts[1])
    #expect(hashes.allSatisfy { $0.count == 32 })
    #expect(salts.allSatisfy { $0.count == 16 })
    #expect(rows.allSatisfy { $0["password_iterations"] as Int? == 1_000 })
  }

  @Test("neither passwords, tokens nor codes appear in the database file")
  func storage_keepsNoSecretsInPlain() async throws {
    let server = try TestBackend()
    defer { server.stop() }
    let signUp = try await server.signUp("ann@example.com", password: "s3cretpassword")
    try await server.signUp("dan@example.com", password: "s3cretpassword", type: "driver")
    _ = try await server.signIn("dan@example.com", password: "s3cretpassword")
    let code = try #require(try await server.latestCode(for: "dan@example.com"))
    let database = try Database(path: server.backend.databasePath)
    let tokenHashes = try database.query("SELECT hash FROM tokens").compactMap {
      $0["hash"] as String?
    }
    #expect(tokenHashes.count == 4)  // both sign-ups; the driver's sign-in only has a code
    #expect(try tokenHashes.contains(SHA256Digest.hex(try #require(signUp.string("token")))))
    let codeHashes = try database.query("SELECT code_hash FROM challenges").compactMap {
      $0["code_hash"] as String?
    }
    #expect(codeHashes.count == 1 && codeHashes.first?.contains(code) == false)
    // Only the outbox, the simulated SMS, holds the code.
    let files = try FileManager.default.contentsOfDirectory(
      at: server.folder.url("data"), includingPropertiesForKeys: nil)
    for file in files {
      let bytes = try Data(contentsOf: file)
      for secret in ["s3cretpassword", signUp.string("token"), signUp.string("refreshToken")] {
        let needle = Data(try #require(secret).utf8)
        #expect(bytes.range(of: needle) == nil, "\(file.lastPathComponent)")
      }
    }
  }

  @Test("the database file is readable by its owner only")
  func storage_databaseFileIsPrivate() throws {
    let server = try TestBackend()
    defer { server.stop() }
    let attributes = try FileManager.default.attributesOfItem(atPath: server.backend.databasePath)
    #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
  }

  @Test("a backend restarted on the same folder keeps its users and sessions")
  func storage_survivesRestart() async throws {
    let first = try TestBackend()
    defer { first.stop() }
    let token = try #require(try await first.signUp("ann@example.com").string("token"))
    first.backend.stop()
    var configuration = first.backend.configuration
    configuration.port = 0
    let second = try KooberBackend.start(configuration)
    defer { second.stop() }
    var request = URLRequest(url: second.baseURL.appendingPathComponent("v1/users/me"))
    request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
    let (_, response) = try await first.session.data(for: request)
    #expect((response as? HTTPURLResponse)?.statusCode == 200)
  }

  @Test("a folder that cannot hold the database fails to start with cannot_open_database")
  func start_unusableFolder_throws() throws {
    let folder = try TemporaryDirectory(prefix: "koober-backend")
    defer { folder.remove() }
    let blocker = folder.url("file")
    try Data("x".utf8).write(to: blocker)
    let configuration = KooberBackend.Configuration(dataDirectory: blocker)
    #expect(throws: KooberBackendError.self) { try KooberBackend.start(configuration) }
    do throws(KooberBackendError) {
      _ = try KooberBackend.start(configuration)
    } catch {
      #expect(error.code == "cannot_open_database")
    }
  }
}
