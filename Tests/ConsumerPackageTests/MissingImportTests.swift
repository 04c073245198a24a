import Foundation
import TestSupport
import Testing

/// An app that imports ServiceUser but forgets ServiceUserLogin is told which import is
/// missing, and one that imports it (or LoginStack) gets the real operations, never an
/// ambiguity with the unavailable declarations that give that message.
@Suite("Forgetting import ServiceUserLogin")
struct MissingImportTests {
  /// Every operation ServiceUserLogin adds, called as an app would.
  static func calls(importing imports: [String]) -> String {
    (["Foundation", "LoginCore", "UserModel"] + imports).map { "import \($0)\n" }.joined() + """
      func app(
        service: ServiceUser, agent: any BrowserUserAgent, challenge: Challenge,
        device: DeviceAuthorization, form: SignUpCredentials, passkeys: any PasskeyAuthenticator
      ) async throws {
        _ = try await service.signIn(identifier: "ann", password: "pass1234")
        _ = try await service.verifyCode("123456", for: challenge)
        _ = try await service.signUp(form)
        _ = try await service.signIn(with: agent)
        _ = try await service.startDeviceSignIn()
        _ = try await service.finishDeviceSignIn(device)
        _ = try await service.updateName("Ann")
        _ = await service.restoreSession()
        _ = await service.signOut()
        _ = await service.signOut(endingBrowserSessionWith: agent)
        _ = try await service.signIn(withPasskeyFrom: passkeys)
        _ = try await service.addPasskey(named: "Ann's laptop", using: passkeys)
        _ = try await service.passkeys()
        _ = try await service.renamePasskey(id: "AAAA", to: "Ann's phone")
        try await service.removePasskey(id: "AAAA")
      }

      """
  }

  /// The signatures of the `public func`s in `files`, white space folded.
  static func operations(in files: [String]) throws -> Set<String> {
    var found: Set<String> = []
    for file in files {
      let text = try String(
        contentsOf: ConsumerPackageTests.root.appendingPathComponent(file), encoding: .utf8)
      for match in text.matches(of: #/public func [^{]*/#) {
        found.insert(match.output.split(whereSeparator: \.isWhitespace).joined(separator: " "))
      }
    }
    return found
  }

  @Test("every operation ServiceUserLogin adds has its hint in ServiceUser, same signature")
  func everyOperationHinted() throws {
    let folder = ConsumerPackageTests.root.appendingPathComponent("Modules/ServiceUserLogin")
    let login = try FileManager.default.contentsOfDirectory(atPath: folder.path)
      .filter { $0.hasSuffix(".swift") }.map { "Modules/ServiceUserLogin/" + $0 }
    let operations = try Self.operations(in: login)
    #expect(operations.count == 19)
    #expect(
      try Self.operations(in: ["Modules/ServiceUser/ServiceUser+LoginImportHint.swift"])
        == operations)
  }

  @Test("with only import ServiceUser, each call says to import ServiceUserLogin")
  func namesTheImport() async throws {
    let work = try TemporaryDirectory(prefix: "missing-import")
    defer { work.remove() }
    let result = try await TypeCheck.run(
      Self.calls(importing: ["ServiceUser"]), named: "App.swift", in: work)
    #expect(!result.passed)
    let errors = result.output.split(separator: "\n").filter { $0.contains(": error: ") }
    #expect(errors.count == 15, "\(result.output)")
    for error in errors {
      #expect(error.contains("is unavailable: import ServiceUserLogin (or LoginStack)"))
    }
    #expect(!result.output.contains("has no member"), "\(result.output)")
  }

  @Test(
    "with ServiceUserLogin or LoginStack imported, every call resolves, none is ambiguous",
    arguments: [["ServiceUser", "ServiceUserLogin"], ["LoginStack"]])
  func resolves(imports: [String]) async throws {
    let work = try TemporaryDirectory(prefix: "missing-import")
    defer { work.remove() }
    let result = try await TypeCheck.run(
      Self.calls(importing: imports), named: "App.swift", in: work)
    #expect(result.passed, "\(result.output)")
  }
}
