import Foundation
import TestSupport
import Testing

/// `ServiceUser.userDatabase(for:)` hands back DatabaseClient's `Database`: with LoginStack
/// alone, an app names that type and uses it, as the one import promises.
@Suite("LoginStack brings the database a user's data is in")
struct LoginStackDatabaseTests {
  @Test("with only import LoginStack, an app names Database and queries a user's database")
  func databaseWithOneImport() async throws {
    let work = try TemporaryDirectory(prefix: "login-stack-database")
    defer { work.remove() }
    let source = """
      import LoginStack

      func notes(of service: ServiceUser, userID: String) async throws -> [String] {
        let database: Database = try await service.userDatabase(for: userID)
        try database.execute("CREATE TABLE IF NOT EXISTS notes (body TEXT)")
        return try database.query("SELECT body FROM notes").compactMap { $0["body"] as String? }
      }

      """
    let result = try await TypeCheck.run(source, named: "App.swift", in: work)
    #expect(result.passed, "\(result.output)")
  }
}
