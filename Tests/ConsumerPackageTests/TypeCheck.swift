import Foundation
import TestSupport
import Testing

/// Type-checks Swift files as an app's would be, against the modules this package's build
/// just made (`<build>/Modules`, which this test target depends on so they are built first):
/// `swiftc -typecheck`, no second build of the package, well under a second a file.
enum TypeCheck {
  /// What the compiler said.
  struct Result {
    /// `true` when the compiler exited with 0.
    let passed: Bool
    /// Its diagnostics, stdout and stderr together.
    let output: String
  }

  /// Type-checks `sources` together.
  /// - Parameter sources: The files, as an app's target would hold them.
  /// - Returns: Whether they compile, with the compiler's words.
  static func run(_ sources: [URL]) async throws -> Result {
    let build = BuiltProducts.directory
    let modules = build.appendingPathComponent("Modules")
    try #require(
      FileManager.default.fileExists(
        atPath: modules.appendingPathComponent("LoginStack.swiftmodule").path),
      "no LoginStack module in \(modules.path): build the package first")
    // A module cache of its own, kept between runs, apart from SwiftPM's.
    let cache = build.appendingPathComponent("TypeCheckModuleCache")
    // The system libraries' module maps, as SwiftPM passes them to the package's own targets.
    let root = ConsumerPackageTests.root
    let maps = ["Modules/CSQLite", "Modules/CCurl", "Modules/CSocket", "Modules/CLibCrypto"]
      .map { root.appendingPathComponent($0 + "/module.modulemap").path }
      .filter { FileManager.default.fileExists(atPath: $0) }
      .flatMap { ["-Xcc", "-fmodule-map-file=" + $0] }
    let compiler = try ChildProcess(
      executable: URL(fileURLWithPath: "/usr/bin/env"),
      arguments: [
        "swiftc", "-typecheck", "-swift-version", "6", "-suppress-warnings",
        "-I", modules.path, "-module-cache-path", cache.path,
      ] + maps + sources.map(\.path),
      mergingStandardError: true)
    let ended = await compiler.waitForExit(timeout: .seconds(300))
    return Result(passed: ended == .exited(0), output: await compiler.readOutputToEnd())
  }

  /// Writes `source` to `name` in `folder` and type-checks it with `context`, if any.
  /// - Parameters:
  ///   - source: The file's text.
  ///   - name: Its file name.
  ///   - folder: Where to write it.
  ///   - context: Files compiled with it.
  /// - Returns: What the compiler said.
  static func run(
    _ source: String, named name: String, in folder: TemporaryDirectory, with context: [URL] = []
  ) async throws -> Result {
    let file = folder.url(name)
    try Data(source.utf8).write(to: file)
    return try await run(context + [file])
  }
}
