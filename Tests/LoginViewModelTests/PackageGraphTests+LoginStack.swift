import Foundation
import Testing

extension PackageGraphTests {
  /// What LoginStack brings: the common case, nothing Koober's, nothing of its own.
  static let umbrella = [
    "ServiceUser", "ServiceUserLogin", "LoginCore", "UserModel", "LoginLogicControl",
    "LoginViewModel", "NetworkClient", "DatabaseClient",
  ]

  @Test("LoginStack depends on the service, sign-in, the seam, the screens and the database")
  func loginStackDependencies() throws {
    #expect(try Self.dependencies(of: "LoginStack") == Self.umbrella)
    let manifest = try String(
      contentsOf: Self.root.appendingPathComponent("Package.swift"), encoding: .utf8)
    #expect(manifest.contains(#".library(name: "LoginStack", targets: ["LoginStack"])"#))
    // No adapter and nothing of Koober's comes with it: an app adds its own server's.
    let linked = try Self.linked(by: "LoginStack", stoppingAt: ["NetworkClient", "DatabaseClient"])
    #expect(linked.filter { $0.contains("Koober") || $0.contains("OIDC") } == [])
    #expect(!linked.contains("LoginTesting"))
  }

  @Test("LoginStack's source re-exports each of its dependencies and declares nothing")
  func loginStackReExports() throws {
    #expect(try Self.imports(of: "LoginStack") == Set(Self.umbrella))
    let source = try String(
      contentsOf: Self.root.appendingPathComponent("Modules/LoginStack/LoginStack.swift"),
      encoding: .utf8)
    let code = source.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
      .filter { !$0.isEmpty && !$0.hasPrefix("//") }
    #expect(code == Self.umbrella.sorted().map { "@_exported import \($0)" })
  }
}
