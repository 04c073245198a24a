import Foundation
import TestSupport
import Testing

/// A package outside this one, as an app would write it: its own `AuthRemoteAPI` for a
/// made-up server (Acme), and a program that drives ServiceUser and LoginLogicControl with
/// public API only. The test builds it with SwiftPM against this package and runs it.
@Suite("A consumer package with its own backend", .serialized)
struct ConsumerPackageTests {
  static let root = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  @Test("Acme's adapter signs in, renews on 419, signs out, and leaves nothing live after a lapse")
  func acme() async throws {
    let work = try TemporaryDirectory(prefix: "consumer")
    defer { work.remove() }
    let demo = try await Self.buildDemo(in: work)
    let acme = try AcmeServer()
    defer { acme.stop() }

    let run = try ChildProcess(
      executable: demo, arguments: [acme.baseURL.absoluteString, work.url("data").path],
      mergingStandardError: true)
    #expect(await run.waitForExit(timeout: .seconds(120)) == .exited(0))
    let lines = await run.readOutputToEnd().split(separator: "\n").map(String.init)
    #expect(
      lines == [
        "signing in", "signed in: rita, rider home",
        "signing in", "failed: invalid_credentials",
        #"trips: ["t-1","t-2"]"#, "stored token: acme-access-2",
        "signed out", "signed in now: false", "lapsed sign-out: signedOut",
        "zh: 密码至少需要 8 个字符。", "zh error: 用户名或密码不正确。",
        "acme: Acme needs your username.", "module: Enter a password.",
      ])
    let calls = await acme.state.calls
    #expect(
      calls == [
        "sign-in", "sign-in", "trips 419", "renew", "trips 200", "sign-out 200",
        "sign-in", "sign-out 419", "renew", "sign-out 200",
      ])
    // No refresh token outlives its sign-out: the lapsed one's was renewed, then revoked.
    #expect(await acme.state.refreshTokens.isEmpty)
  }

  @Test("a French table the consumer ships is chosen under LANG=fr_FR.UTF-8; the rest is English")
  func french() async throws {
    let work = try TemporaryDirectory(prefix: "consumer")
    defer { work.remove() }
    let demo = try await Self.buildDemo(in: work)
    var environment = ProcessInfo.processInfo.environment
    for name in ["LANGUAGE", "LC_ALL", "LC_MESSAGES"] { environment[name] = nil }
    environment["LANG"] = "fr_FR.UTF-8"

    let run = try ChildProcess(
      executable: demo, arguments: ["--languages"], environment: environment,
      mergingStandardError: true)
    #expect(await run.waitForExit(timeout: .seconds(60)) == .exited(0))
    let lines = await run.readOutputToEnd().split(separator: "\n").map(String.init)
    #expect(
      lines == [
        "language: fr-FR",
        "acme fr: Il faut au moins 8 caractères.",
        "acme fr counted: Code erroné : il reste 0 essai.",
        "acme fr taken: Ce nom d'utilisateur est déjà pris.",
        "acme en: Acme needs your username.",
        "module en: Enter a password.",
      ])
  }

  @Test("the articles' examples compile as an app would write them, and the articles show them")
  func articleExamples() async throws {
    let work = try TemporaryDirectory(prefix: "consumer")
    defer { work.remove() }
    _ = try await Self.buildDemo(in: work, target: "ArticleExamples")
    // ArticleExamples depends on UmbrellaExample, which links LoginStack alone: building the
    // first builds both.
    let sources = Self.root.appendingPathComponent("Tests/ConsumerPackage/Sources")
    for (file, article) in [
      ("ArticleExamples/GettingStarted", "Modules/ServiceUser/ServiceUser.docc/GettingStarted.md"),
      ("ArticleExamples/GettingStarted", ".ci/KooberLoginStack.docc/KooberLoginStack.md"),
      (
        "ArticleExamples/OneExamplePerModule",
        "Modules/ServiceUser/ServiceUser.docc/GettingStarted.md"
      ),
      (
        "ArticleExamples/SignInFlows",
        "Modules/ServiceUserOIDC/ServiceUserOIDC.docc/SignInFlows.md"
      ),
      (
        "ArticleExamples/SignInFlowsConfiguration",
        "Modules/ServiceUserOIDC/ServiceUserOIDC.docc/SignInFlows.md"
      ),
      (
        "ArticleExamples/TestingYourApp",
        "Modules/LoginTesting/LoginTesting.docc/TestingYourApp.md"
      ),
      ("UmbrellaExample/OneImport", "Modules/LoginStack/LoginStack.docc/LoginStack.md"),
    ] {
      let source = try String(
        contentsOf: sources.appendingPathComponent(file + ".swift"), encoding: .utf8)
      let name = file.split(separator: "/").last.map(String.init) ?? file
      let imports = try Self.block(named: name + " imports", in: source)
      let body = try Self.block(named: name + " body", in: source)
      let text = try String(contentsOf: Self.root.appendingPathComponent(article), encoding: .utf8)
      #expect(text.contains("```swift\n" + imports + body + "```\n"), "\(article)")
    }
  }

  /// The lines between `// Article example begins: NAME` and the next
  /// `// Article example ends`, their common two-space indentation removed.
  static func block(named name: String, in source: String) throws -> String {
    let start = try #require(source.range(of: "// Article example begins: \(name)\n"))
    let rest = source[start.upperBound...]
    let end = try #require(rest.range(of: "// Article example ends"))
    let lines = rest[..<end.lowerBound].split(separator: "\n", omittingEmptySubsequences: false)
    return lines.dropLast().map { $0.hasPrefix("  ") ? String($0.dropFirst(2)) : String($0) }
      .joined(separator: "\n") + "\n"
  }

  /// Copies the package's sources next to a manifest that depends on this package by path,
  /// builds its `acme-demo` product (or `target`), and returns the executable.
  static func buildDemo(in work: TemporaryDirectory, target: String? = nil) async throws -> URL {
    let package = work.url("AcmeApp")
    try FileManager.default.createDirectory(at: package, withIntermediateDirectories: true)
    try FileManager.default.copyItem(
      at: root.appendingPathComponent("Tests/ConsumerPackage/Sources"),
      to: package.appendingPathComponent("Sources"))
    try Data(manifest.utf8).write(to: package.appendingPathComponent("Package.swift"))
    // Its own scratch folder, kept between runs (git ignores `.build-*`), so a second run
    // only relinks.
    let scratch = root.appendingPathComponent(".build-consumer")
    let build = try ChildProcess(
      executable: URL(fileURLWithPath: "/usr/bin/env"),
      arguments: [
        "swift", "build", "--package-path", package.path, "--scratch-path", scratch.path,
      ] + (target.map { ["--target", $0] } ?? ["--product", "acme-demo"]),
      mergingStandardError: true)
    let ended = await build.waitForExit(timeout: .seconds(1_200))
    let log = await build.readOutputToEnd()
    try #require(ended == .exited(0), "swift build: \(log.suffix(3_000))")
    return scratch.appendingPathComponent("debug/acme-demo")
  }

  /// The consumer's manifest: written here rather than kept in the repository, because it
  /// names this package by its path on this machine.
  static var manifest: String {
    """
    // swift-tools-version: 6.0
    import PackageDescription

    let package = Package(
      name: "AcmeApp",
      defaultLocalization: "en",
      platforms: [.iOS(.v16), .macOS(.v13)],
      dependencies: [.package(name: "Koober", path: "\(root.path)")],
      targets: [
        .target(
          name: "AcmeLogin",
          dependencies: [
            .product(name: "LoginCore", package: "Koober"),
            .product(name: "NetworkClient", package: "Koober"),
            .product(name: "UserModel", package: "Koober"),
          ]),
        .executableTarget(
          name: "acme-demo",
          dependencies: [
            "AcmeLogin",
            .product(name: "Localization", package: "Koober"),
            .product(name: "LoginCore", package: "Koober"),
            .product(name: "LoginLogicControl", package: "Koober"),
            .product(name: "NetworkClient", package: "Koober"),
            .product(name: "ServiceUser", package: "Koober"),
            .product(name: "ServiceUserLogin", package: "Koober"),
            .product(name: "UserModel", package: "Koober"),
          ],
          resources: [.process("Resources")]),
        // An app's module that imports LoginStack and nothing else of the package's.
        .target(
          name: "UmbrellaExample",
          dependencies: [.product(name: "LoginStack", package: "Koober")]),
        .target(
          name: "ArticleExamples",
          dependencies: [
            "UmbrellaExample",
            .product(name: "LoginCore", package: "Koober"),
            .product(name: "LoginLogicControl", package: "Koober"),
            .product(name: "LoginStack", package: "Koober"),
            .product(name: "LoginTesting", package: "Koober"),
            .product(name: "SoftwarePasskeys", package: "Koober"),
            .product(name: "NetworkClient", package: "Koober"),
            .product(name: "ServiceUser", package: "Koober"),
            .product(name: "ServiceUserKoober", package: "Koober"),
            .product(name: "KooberWire", package: "Koober"),
            .product(name: "ServiceUserLogin", package: "Koober"),
            .product(name: "ServiceUserOIDC", package: "Koober"),
            .product(name: "UserModel", package: "Koober"),
            .product(name: "DatabaseClient", package: "Koober"),
            .product(name: "RideModel", package: "Koober"),
            .product(name: "ServiceRide", package: "Koober"),
          ]),
      ],
      swiftLanguageModes: [.v6]
    )
    """
  }
}

@Suite("The bring-your-own-backend article's example")
struct ReadmeBackendExampleTests {
  @Test("LoginCore's article shows Acme's adapter exactly as the consumer package builds it")
  func sameCode() throws {
    let root = ConsumerPackageTests.root
    let source = try String(
      contentsOf: root.appendingPathComponent(
        "Tests/ConsumerPackage/Sources/AcmeLogin/AcmeAuthAPI.swift"), encoding: .utf8)
    let begin = "// README example begins: Bring your own backend\n"
    let start = try #require(source.range(of: begin)).upperBound
    let end = try #require(source.range(of: "// README example ends")).lowerBound
    let example = String(source[start..<end])
    #expect(example.count > 2_000)
    let article = try String(
      contentsOf: root.appendingPathComponent(
        "Modules/LoginCore/LoginCore.docc/BringYourOwnBackend.md"), encoding: .utf8)
    #expect(article.contains("```swift\n" + example + "```\n"))
  }
}
