import Foundation

/// The built `koober` executable, found next to the test bundle in the build's products
/// folder (as swift-argument-parser's example tests find theirs).
enum KooberBinary {
  /// The products folder of this build, e.g. `.build/debug`.
  static var productsFolder: URL {
    #if os(macOS)
      if let bundle = Bundle.allBundles.first(where: { $0.bundlePath.hasSuffix(".xctest") }) {
        return bundle.bundleURL.deletingLastPathComponent()
      }
    #endif
    return Bundle.main.bundleURL
  }

  /// Ignores SIGPIPE in the test process once: a child that exits before reading its stdin
  /// must make the write fail, not end the tests.
  static let pipeSignalIgnored: Bool = {
    signal(SIGPIPE, SIG_IGN)
    return true
  }()

  /// The executable.
  static var url: URL {
    productsFolder.appendingPathComponent("koober")
  }

  /// The environment every test process gets: no colour, fast password hashes, and a home
  /// folder of the test's own so nothing can reach the real one.
  /// - Parameter home: The folder to use as `HOME`.
  static func environment(home: URL) -> [String: String] {
    [
      "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin",
      "HOME": home.path,
      "NO_COLOR": "1",
      "KOOBER_BACKEND_ITERATIONS": "1000",
    ]
  }
}
