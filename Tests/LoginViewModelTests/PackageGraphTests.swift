import Foundation
import Testing

/// LoginViewModel must link without NetworkClient, DatabaseClient or SQLite: an app that only
/// wants the form validation links one small module. These read the package itself, so a new
/// dependency or import fails here instead of going unnoticed.
@Suite("LoginViewModel's place in the package graph")
struct PackageGraphTests {
  /// The package's root folder, from this file's path (Tests/LoginViewModelTests/…).
  static let root = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  /// The `dependencies:` of the library target `name` in Package.swift, or `nil` when the
  /// target is declared without any.
  static func dependencies(of name: String) throws -> [String]? {
    let manifest = try String(
      contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8)
    let declaration = try #require(
      manifest.firstMatch(of: try Regex(#"\.target\(\s*name: "\#(name)",([^)]*)\)"#)))
    let arguments = try #require(declaration.output[1].substring)
    guard let list = arguments.firstMatch(of: #/dependencies: \[([^\]]*)\]/#) else {
      return nil
    }
    return list.output.1.split(separator: ",").map {
      $0.trimmingCharacters(in: .whitespacesAndNewlines.union(["\""]))
    }.filter { !$0.isEmpty }
  }

  @Test("LoginViewModel depends on UserModel, its texts and the wire leaf, all Foundation-only")
  func targetDependencies() throws {
    // WireFormat holds `ChangeQueue`, the one "store, then tell" rule of every view model.
    #expect(
      try Self.dependencies(of: "LoginViewModel") == ["UserModel", "Localization", "WireFormat"])
    #expect(try Self.dependencies(of: "UserModel") == ["WireFormat", "Localization"])
    #expect(try Self.dependencies(of: "Localization") == ["WireFormat"])
    #expect(try Self.dependencies(of: "WireFormat") == nil)
  }

  /// Every module the sources of `module` import, in its subfolders too.
  static func imports(of module: String) throws -> Set<String> {
    let folder = Self.root.appendingPathComponent("Modules/\(module)")
    let files = try FileManager.default.subpathsOfDirectory(atPath: folder.path)
      .filter { $0.hasSuffix(".swift") }
    #expect(!files.isEmpty)
    var imported: Set<String> = []
    for file in files {
      let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
      // `[ \t]`, not `\s`: a match must not run on into the next line.
      let kind = "(?:(?:struct|class|enum|protocol|func)[ \\t]+)?"
      let pattern = try Regex(#"(?m)^[ \t]*(?:@\w+[ \t]+)*import[ \t]+"# + kind + #"(\w+)"#)
      for match in text.matches(of: pattern) {
        if let name = match.output[1].substring { imported.insert(String(name)) }
      }
    }
    return imported
  }

  @Test("LoginViewModel's sources import UserModel, Localization and WireFormat alone")
  func imports() throws {
    #expect(
      try Self.imports(of: "LoginViewModel").subtracting(["Foundation"])
        == ["UserModel", "Localization", "WireFormat"])
  }

  @Test("LoginLogicControl links LoginCore and the wire leaves alone: no NetworkClient, no SQLite")
  func logicControlDependencies() throws {
    // WireFormat is the Foundation-only leaf every module may use (the event log's timestamps
    // are its dates); WebAuthn, on WireFormat alone, holds the passkey options and answers
    // that a passkey authenticator takes and gives.
    #expect(
      try Self.dependencies(of: "LoginLogicControl")
        == ["LoginCore", "UserModel", "Localization", "WireFormat", "WebAuthn"])
    #expect(
      try Self.dependencies(of: "LoginCore")
        == ["UserModel", "Localization", "WireFormat", "WebAuthn"])
    #expect(try Self.dependencies(of: "WebAuthn") == ["WireFormat"])
    let imported = try Self.imports(of: "LoginLogicControl").union(Self.imports(of: "LoginCore"))
    #expect(
      imported.subtracting(["Foundation"])
        == ["LoginCore", "UserModel", "Localization", "WireFormat", "WebAuthn"])
  }

  /// The targets `name` links, directly or through others, stopping at any of `stops` (whose
  /// own lists are not read: they hold platform conditions this small reader skips).
  static func linked(by name: String, stoppingAt stops: Set<String>) throws -> Set<String> {
    var seen: Set<String> = []
    var pending = [name]
    while let next = pending.popLast() {
      for dependency in try dependencies(of: next) ?? [] where seen.insert(dependency).inserted {
        if !stops.contains(dependency) { pending.append(dependency) }
      }
    }
    return seen
  }

  @Test("LoginTesting links neither ServiceUser nor DatabaseClient nor NetworkClient")
  func loginTestingDependencies() throws {
    // An app's logic tests link the fakes: they must not build and link SQLite and libcurl,
    // nor the software authenticator's libcrypto (a test that wants it imports it).
    #expect(
      try Self.dependencies(of: "LoginTesting")
        == ["LoginCore", "UserModel", "WireFormat", "WebAuthn"])
    let heavy: Set<String> = [
      "ServiceUser", "DatabaseClient", "NetworkClient", "SoftwarePasskeys",
    ]
    let linked = try Self.linked(by: "LoginTesting", stoppingAt: heavy)
    #expect(linked.intersection(heavy) == [])
    #expect(linked == ["LoginCore", "UserModel", "Localization", "WireFormat", "WebAuthn"])
    #expect(
      try Self.imports(of: "LoginTesting").subtracting(["Foundation"])
        == ["LoginCore", "UserModel", "WireFormat", "WebAuthn"])
  }
}
