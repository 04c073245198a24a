import Dispatch
import Foundation
import KooberBackend

/// `koober serve [--host H] [--port N] [--host-names NAMES] [--demo]`: runs the reference
/// backend until SIGINT or SIGTERM.
///
/// The first line on standard output is `Koober backend listening on http://HOST:PORT`, so a
/// script (or a test) can start it on port 0 and read the port the system picked. Its data
/// folder follows the host's rules (`--data-dir`, `KOOBER_DATA_DIR`, the platform's folder)
/// and its environment settings are the embedded backend's (`BackendSettings`), so
/// `koober serve` and the embedded backend share one database (`<data>/backend.sqlite`),
/// and tests can shorten its demo intervals.
struct ServeCommand: KooberCommand {
  static var configuration: CommandConfiguration {
    CommandConfiguration(
      name: "serve", summary: CommandText.text("serve.summary"),
      arguments: "[--host H] [--port N] [--host-names NAMES] [--demo]",
      options: [
        .value("host", "H", CommandText.text("serve.option.host")),
        .value("port", "N", CommandText.text("serve.option.port")),
        .value("host-names", "NAMES", CommandText.text("serve.option.hostNames")),
        .flag("demo", CommandText.text("serve.option.demo")),
      ],
      details: CommandText.text("serve.details"))
  }

  /// Where to listen.
  let host: String
  /// The port; 0 lets the system pick.
  let port: UInt16
  /// Demo mode: the outbox is served and the simulated driver works.
  let demoMode: Bool
  /// More names the backend answers to in `Host` (API.md's 421 for others).
  let hostNames: [String]

  init(_ options: OptionReader) throws(UsageError) {
    host = options.optional("host") ?? "127.0.0.1"
    port = try options.port()
    hostNames = try options.hostNames()
    demoMode = options.flag("demo")
  }

  func run(_ context: CommandContext) async -> ExitCode {
    var configuration: KooberBackend.Configuration
    do {
      configuration = try Self.backendConfiguration(context)
    } catch {
      context.console.error(error.message)
      return error.exitCode
    }
    configuration.host = host
    configuration.port = port
    configuration.hostNames = hostNames
    configuration.demoMode = demoMode
    return await Self.serve(configuration)
  }

  /// The backend's configuration for this data folder and environment (`BackendSettings`).
  /// The data folder is made private first (`DataFolder.createPrivateFolder(_:)`), so a
  /// folder or database someone else made or can write is refused or narrowed before the
  /// backend opens anything in it.
  /// - Throws: `StartupFailure` for a setting that does not parse or a refused data folder.
  static func backendConfiguration(_ context: CommandContext)
    throws(StartupFailure) -> KooberBackend.Configuration
  {
    let folder = dataFolder(context)
    do {
      try DataFolder.createPrivateFolder(folder)
    } catch {
      throw StartupFailure(message: error.message, exitCode: .failure)
    }
    var configuration = KooberBackend.Configuration(dataDirectory: folder)
    try BackendSettings(environment: context.environment).apply(to: &configuration)
    return configuration
  }

  /// `--data-dir` as given, else the environment's or the platform's data folder.
  private static func dataFolder(_ context: CommandContext) -> URL {
    if let folder = context.global.dataDirectory {
      return URL(fileURLWithPath: folder, isDirectory: true)
    }
    return DataFolder(
      option: nil, environment: context.environment,
      workingDirectory: URL(
        fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true)
    ).url
  }

  /// Starts the backend, prints where it listens, and waits for SIGINT or SIGTERM.
  /// - Parameter configuration: The backend's configuration.
  /// - Returns: 0 after a signal, 1 when the backend cannot start.
  private static func serve(_ configuration: KooberBackend.Configuration) async -> ExitCode {
    let (signals, arrived) = AsyncStream<Int32>.makeStream()
    let sources = [SIGINT, SIGTERM].map { number in
      // The default action would kill the process before the backend closes its database.
      signal(number, SIG_IGN)
      let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
      source.setEventHandler { arrived.yield(number) }
      source.resume()
      return source
    }
    defer { sources.forEach { $0.cancel() } }
    let backend: KooberBackend
    do {
      backend = try KooberBackend.start(configuration)
    } catch {
      FileHandle.standardError.write(Data("koober serve: \(error.message)\n".utf8))
      return .failure
    }
    print("Koober backend listening on \(backend.baseURL.absoluteString)")
    // Flushing every stream (NULL) avoids touching the global `stdout`, which Swift 6 flags.
    fflush(nil)
    for await _ in signals { break }
    backend.stop()
    return .ok
  }
}
