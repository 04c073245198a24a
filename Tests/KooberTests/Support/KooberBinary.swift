import Foundation
import TestSupport

/// The built `koober` executable, found beside the test bundle in the build's products
/// folder (TestSupport's `BuiltProducts`, as swift-argument-parser's example tests do).
enum KooberBinary {
  /// The executable.
  static var url: URL {
    BuiltProducts.executable(named: "koober")
  }

  /// Starts `koober` with the test runner's own environment; it is killed when the test lets
  /// go of it.
  /// - Parameter arguments: The command line after the program's name.
  /// - Returns: The running process.
  /// - Throws: `ChildProcess.Failure` when it cannot be started.
  static func launch(_ arguments: [String]) throws(ChildProcess.Failure) -> ChildProcess {
    try ChildProcess(executable: url, arguments: arguments)
  }

  /// The environment every test process gets: no colour, fast password hashes, a request
  /// limit long enough for a heavily loaded machine (the 20 s default made tests fail there),
  /// and a home folder of the test's own so nothing can reach the real one.
  /// - Parameter home: The folder to use as `HOME`.
  static func environment(home: URL) -> [String: String] {
    [
      "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin",
      "HOME": home.path,
      "NO_COLOR": "1",
      "KOOBER_BACKEND_ITERATIONS": "1000",
      "KOOBER_REQUEST_TIMEOUT_SECONDS": "60",
    ]
  }
}
