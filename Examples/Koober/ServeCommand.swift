import Dispatch
import Foundation
import KooberBackend

/// `koober serve [--host H] [--port N] [--data-dir DIR] [--demo]`: runs the reference backend
/// until SIGINT or SIGTERM.
///
/// The first line on standard output is `Koober backend listening on http://HOST:PORT`, so a
/// script (or a test) can start it on port 0 and read the port the system picked.
struct ServeCommand {
  /// Where to listen.
  var host = "127.0.0.1"
  /// The port; 0 lets the system pick.
  var port: UInt16 = 0
  /// The data folder; the user's application-support folder when not given.
  var dataDirectory: URL?
  /// Demo mode: the outbox is served and the simulated driver works.
  var demoMode = false
  /// The host's environment settings (password iterations, demo intervals), if read.
  var backendSettings: BackendSettings?

  /// Why the arguments were refused.
  struct UsageError: Error {
    var message: String
  }

  static let usage = "usage: koober serve [--host H] [--port N] [--data-dir DIR] [--demo]"

  /// Parses the arguments that follow `serve`.
  /// - Parameter arguments: e.g. `["--port", "8080", "--demo"]`.
  /// - Throws: `UsageError` for an unknown option, a missing value or a bad port.
  init(arguments: [String]) throws(UsageError) {
    var rest = arguments[...]
    while let option = rest.popFirst() {
      switch option {
      case "--demo":
        demoMode = true
      case "--host", "--port", "--data-dir":
        guard let value = rest.popFirst() else {
          throw UsageError(message: "\(option) needs a value")
        }
        switch option {
        case "--host": host = value
        case "--port":
          guard let number = UInt16(value) else {
            throw UsageError(message: "--port needs a number from 0 to 65535, not \(value)")
          }
          port = number
        default: dataDirectory = URL(fileURLWithPath: value, isDirectory: true)
        }
      default:
        throw UsageError(message: "unknown option \(option)")
      }
    }
  }

  /// The folder used when `--data-dir` is not given.
  static var defaultDataDirectory: URL {
    let base = FileManager.default.urls(for: .applicationSupportDirectory, in: .userDomainMask)
      .first ?? FileManager.default.temporaryDirectory
    return base.appendingPathComponent("Koober/backend", isDirectory: true)
  }

  /// Starts the backend, prints where it listens, and blocks until SIGINT or SIGTERM.
  /// - Returns: the process exit status: 0 after a signal, 1 when the backend cannot start.
  func run() -> Int32 {
    var configuration = KooberBackend.Configuration(
      dataDirectory: dataDirectory ?? Self.defaultDataDirectory)
    configuration.host = host
    configuration.port = port
    configuration.demoMode = demoMode
    backendSettings?.apply(to: &configuration)
    let stopped = DispatchSemaphore(value: 0)
    let sources = [SIGINT, SIGTERM].map { number in
      // The default action would kill the process before the backend closes its database.
      signal(number, SIG_IGN)
      let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
      source.setEventHandler { stopped.signal() }
      source.resume()
      return source
    }
    let backend: KooberBackend
    do {
      backend = try KooberBackend.start(configuration)
    } catch {
      FileHandle.standardError.write(Data("koober serve: \(error.message)\n".utf8))
      return 1
    }
    print("Koober backend listening on \(backend.baseURL.absoluteString)")
    // Flushing every stream (NULL) avoids touching the global `stdout`, which Swift 6 flags.
    fflush(nil)
    stopped.wait()
    backend.stop()
    sources.forEach { $0.cancel() }
    return 0
  }
}
