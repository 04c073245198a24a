import Foundation
import Testing

extension PackageGraphTests {
  @Test("LoginObservation links LoginCore and UserModel alone: no ServiceUser, SQLite or curl")
  func loginObservationDependencies() throws {
    // A SwiftUI layer and its previews observe the session through LoginServicing, the
    // interface: they build and link no database and no network client.
    #expect(try Self.dependencies(of: "LoginObservation") == ["LoginCore", "UserModel"])
    let heavy: Set<String> = ["ServiceUser", "DatabaseClient", "NetworkClient"]
    let linked = try Self.linked(by: "LoginObservation", stoppingAt: heavy)
    #expect(linked.intersection(heavy) == [])
    #expect(
      try Self.imports(of: "LoginObservation") == ["LoginCore", "UserModel", "Observation"])
    let manifest = try String(
      contentsOf: Self.root.appendingPathComponent("Package.swift"), encoding: .utf8)
    #expect(
      manifest.contains(#".library(name: "LoginObservation", targets: ["LoginObservation"])"#))
  }
}
