import Foundation

/// Where SwiftPM put the products it built for the running tests, so a test can start one of
/// the package's executables as a child process.
public enum BuiltProducts {
  /// The build folder holding the test bundle and the package's executables
  /// (e.g. `.build/debug`).
  public static var directory: URL {
    #if os(macOS)
      // The tests run inside `<build>/<Package>PackageTests.xctest`, loaded by a host tool.
      if let bundle = Bundle.allBundles.first(where: { $0.bundlePath.hasSuffix(".xctest") }) {
        return bundle.bundleURL.deletingLastPathComponent()
      }
    #endif
    let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
    if FileManager.default.fileExists(atPath: executable.path) {
      return executable.deletingLastPathComponent()
    }
    return URL(fileURLWithPath: CommandLine.arguments.first ?? ".").deletingLastPathComponent()
  }

  /// The URL of the executable product `name` in ``directory``.
  /// - Parameter name: The executable's product name, e.g. `"koober"`.
  /// - Returns: The URL; it exists when the tests depend on that executable's target.
  public static func executable(named name: String) -> URL {
    directory.appendingPathComponent(name)
  }
}
