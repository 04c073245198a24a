import Foundation
import TestSupport
import Testing

/// The fenced examples on the entry-point types' doc comments compile, as an app would write
/// them. For each file below, every ```` ```swift ```` block of its `///` comments becomes the
/// body of a function of its own (`@MainActor`, `async throws`), in one generated file that
/// imports what an app links (`LoginStack`, `LoginTesting`, `ServiceUserOIDC`,
/// `SoftwarePasskeys`, and for ServiceUserKoober's own examples `ServiceUserKoober`, Koober's
/// types); the file is type-checked with `Tests/ConsumerPackage/DocExamples/Context.swift`,
/// which declares what examples take from the app without declaring it (`client`, `service`,
/// `typed`, the screens).
/// `#sourceLocation` points each error at its line in the doc comment. An example may write
/// `{ … }` for a body it leaves out (compiled as `{ elided() }`); anything else it uses, it
/// declares or finds in the context.
@Suite("The fenced examples on the entry-point types")
struct DocExampleTests {
  /// The files of the entry-point types, from the package's root.
  static let files = [
    "Modules/NetworkClient/NetworkClient.swift",
    "Modules/NetworkClient/Requests/Request.swift",
    "Modules/NetworkClient/Requests/DefaultRequest.swift",
    "Modules/NetworkClient/Transport/TransferLimits.swift",
    "Modules/ServiceUserLogin/ServiceUser+Login.swift",
    "Modules/ServiceUserLogin/ServiceUser+Passkeys.swift",
    "Modules/SoftwarePasskeys/SoftwareAuthenticator.swift",
    "Modules/ServiceUserKoober/KooberAuthAPI.swift",
    "Modules/ServiceUserOIDC/OIDCAuthAPI.swift",
    "Modules/ServiceUserOIDC/OIDCConfiguration.swift",
    "Modules/ServiceUserOIDC/LoopbackUserAgent.swift",
    "Modules/ServiceUserOIDC/BrowserPage.swift",
    "Modules/LoginLogicControl/SignIn/SignInLogicControl.swift",
    "Modules/LoginTesting/FakeLoginService.swift",
    "Modules/LoginTesting/FakeAuthRemoteAPI.swift",
    "Modules/LoginTesting/InMemorySessionStore.swift",
    "Modules/LoginTesting/ManualTime.swift",
    "Modules/UserModel/IdentifierRule.swift",
    "Modules/UserModel/IdentifierRule+Username.swift",
    "Modules/ServiceUser/ServiceUser.swift",
    "Modules/LoginCore/AuthRemoteAPI.swift",
    "Modules/LoginCore/SessionStore.swift",
    "Modules/LoginViewModel/SignInViewModel.swift",
    "Modules/LoginViewModel/SignUpViewModel.swift",
    "Modules/UserModel/CredentialRules.swift",
    "Modules/UserModel/UserType.swift",
    "Modules/LoginLogicControl/LoginEnvironment.swift",
    "Modules/LoginLogicControl/SignUp/SignUpLogicControl.swift",
    "Modules/LoginObservation/ObservableSession.swift",
    "Modules/NetworkClient/Pipeline/NetworkStage.swift",
    "Modules/NetworkClient/Pipeline/CredentialRenewal.swift",
    "Modules/NetworkClient/Transport/HTTPTransport.swift",
  ]

  /// Files whose examples do not compile yet, in modules being reworked at the same time:
  /// their failures are known issues until the fixed examples land. Once a file's examples
  /// compile, `withKnownIssue` fails for want of a failure: take the file off this list.
  static let awaitingFixes: Set<String> = []

  /// One fenced example: its first line's number in the file, and its lines.
  struct Example {
    let line: Int
    let lines: [String]
  }

  /// The fenced Swift examples in `source`'s `///` comments.
  static func examples(in source: String) -> [Example] {
    var found: [Example] = []
    var open: Example?
    for (index, line) in source.split(separator: "\n", omittingEmptySubsequences: false)
      .enumerated()
    {
      let trimmed = line.drop { $0 == " " }
      guard trimmed.hasPrefix("///") else {
        open = nil  // a fence left open ends with its comment
        continue
      }
      var text = String(trimmed.dropFirst(3))
      if text.hasPrefix(" ") { text.removeFirst() }
      let fence = text.trimmingCharacters(in: .whitespaces)
      if let example = open {
        if fence == "```" {
          found.append(example)
          open = nil
        } else {
          open = Example(line: example.line, lines: example.lines + [text])
        }
      } else if fence == "```swift" {
        open = Example(line: index + 2, lines: [])
      }
    }
    return found
  }

  /// Whether `example` declares at file scope (an extension), so it cannot be a function's
  /// body.
  static func isFileScope(_ example: Example) -> Bool {
    example.lines.first { !$0.trimmingCharacters(in: .whitespaces).isEmpty }?
      .hasPrefix("extension ") ?? false
  }

  /// The context files for `program`: `Context.swift`, and the app's user types
  /// (`UserTypes.swift`) unless the examples declare them themselves.
  static func context(for program: String) -> [URL] {
    let folder = ConsumerPackageTests.root.appendingPathComponent(
      "Tests/ConsumerPackage/DocExamples")
    let names =
      program.contains("extension UserType {") ? ["Context"] : ["Context", "UserTypes"]
    return names.map { folder.appendingPathComponent($0 + ".swift") }
  }

  /// The generated file for `file`'s examples.
  static func program(for file: String, examples: [Example]) -> String {
    var text = """
      import Foundation
      #if canImport(FoundationNetworking)
        import FoundationNetworking
      #endif
      import LoginStack
      import LoginTesting
      import ServiceUserOIDC
      import SoftwarePasskeys

      """
    // Koober's own types, for its adapter's examples only: the generic modules' examples are
    // checked without them, so they show an app of no particular kind.
    if file.hasPrefix("Modules/ServiceUserKoober/") { text += "import ServiceUserKoober\n" }
    // The observable model's module, with Observation's own floor (iOS 17, macOS 14).
    let observation = file.hasPrefix("Modules/LoginObservation/")
    if observation { text += "import LoginObservation\nimport Observation\n" }
    let floor = observation ? "@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)\n" : ""
    for (number, example) in examples.enumerated() {
      let fileScope = isFileScope(example)
      if !fileScope { text += "\n\(floor)@MainActor func example\(number + 1)() async throws {\n" }
      text += "#sourceLocation(file: \"\(file)\", line: \(example.line))\n"
      for line in example.lines {
        text += line.replacingOccurrences(of: "{ … }", with: "{ elided() }") + "\n"
      }
      text += "#sourceLocation()\n" + (fileScope ? "" : "}\n")
    }
    return text
  }

  @Test("each entry-point type's examples compile", arguments: files)
  func compiles(file: String) async throws {
    let root = ConsumerPackageTests.root
    let source = try String(contentsOf: root.appendingPathComponent(file), encoding: .utf8)
    let examples = Self.examples(in: source)
    #expect(!examples.isEmpty, "\(file) shows no example")
    let work = try TemporaryDirectory(prefix: "doc-examples")
    defer { work.remove() }
    let program = Self.program(for: file, examples: examples)
    let result = try await TypeCheck.run(
      program, named: "Examples.swift", in: work, with: Self.context(for: program))
    if Self.awaitingFixes.contains(file) {
      withKnownIssue { #expect(result.passed, "\(result.output)") }
    } else {
      #expect(result.passed, "\(result.output)")
    }
  }

  @Test("every file awaiting fixes is one the test checks, so the list cannot lie")
  func awaitingFixesAreChecked() {
    #expect(Self.awaitingFixes.subtracting(Self.files).isEmpty)
    #expect(Set(Self.files).count == Self.files.count, "a file is listed twice")
  }

  @Test("an example that declares an extension is compiled at file scope")
  func fileScope() {
    let examples = [
      Example(
        line: 3, lines: ["extension UserType {", "  static let guest = UserType(\"g\")", "}"]),
      Example(line: 9, lines: ["let a = 1"]),
    ]
    let program = Self.program(for: "F.swift", examples: examples)
    #expect(!program.contains("func example1()"))
    #expect(program.contains("func example2()"))
    #expect(Self.context(for: program).map(\.lastPathComponent) == ["Context.swift"])
  }

  @Test("a fence is read from the comment alone, and ends with it")
  func extraction() {
    let source = """
      /// Text.
      ///
      /// ```swift
      /// let a = 1
      ///   let b = a
      /// ```
      ///  ```swift
      /// let unended = 2
      func f() {}
      // ```swift
      """
    let found = Self.examples(in: source)
    #expect(found.count == 1)
    #expect(found.first?.line == 4)
    #expect(found.first?.lines == ["let a = 1", "  let b = a"])
  }
}
