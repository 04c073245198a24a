import Dispatch
import Foundation
import KooberBackend
import Localization

/// `koober serve [--host H] [--port N] [--host-names NAMES] [--demo] [--rp-id ID]
/// [--rp-name NAME] [--origin URL]...`: runs the reference backend until SIGINT or SIGTERM.
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
      name: "serve", summary: TextTable.kooberCommands.text("serve.summary"),
      arguments:
        "[--host H] [--port N] [--host-names NAMES] [--demo] [--rp-id ID] [--rp-name NAME] "
        + "[--origin URL]...",
      options: [
        .value("host", "H", TextTable.kooberCommands.text("serve.option.host")),
        .value("port", "N", TextTable.kooberCommands.text("serve.option.port")),
        .value("host-names", "NAMES", TextTable.kooberCommands.text("serve.option.hostNames")),
        .flag("demo", TextTable.kooberCommands.text("serve.option.demo")),
        .value("rp-id", "ID", TextTable.kooberCommands.text("serve.option.rpID")),
        .value("rp-name", "NAME", TextTable.kooberCommands.text("serve.option.rpName")),
        .repeatableValue("origin", "URL", TextTable.kooberCommands.text("serve.option.origin")),
      ],
      details: TextTable.kooberCommands.text("serve.details"))
  }

  /// Where to listen.
  let host: String
  /// The port; 0 lets the system pick.
  let port: UInt16
  /// Demo mode: the outbox is served and the simulated driver works.
  let demoMode: Bool
  /// More names the backend answers to in `Host` (the HTTP contract's 421 for others).
  let hostNames: [String]
  /// The passkeys' relying party: its id, its name, and the origins accepted (none: the
  /// backend's `https://<RP ID>`).
  let relyingParty: (id: String, name: String, origins: [String])

  init(_ options: OptionReader) throws(UsageError) {
    host = options.optional("host") ?? "127.0.0.1"
    port = try options.port()
    hostNames = try options.hostNames()
    demoMode = options.flag("demo")
    relyingParty = (
      try options.relyingPartyID(), try options.relyingPartyName(), try options.origins()
    )
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
    configuration.relyingPartyID = relyingParty.id
    configuration.relyingPartyName = relyingParty.name
    configuration.passkeyOrigins = relyingParty.origins
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
    // From here on by its real path: no link on the way can be repointed under the server.
    let folder: URL
    do {
      folder = try dataFolder(context).prepared().url
    } catch {
      throw StartupFailure(message: error.message, exitCode: .failure)
    }
    var configuration = KooberBackend.Configuration(dataDirectory: folder)
    try BackendSettings(environment: context.environment).apply(to: &configuration)
    return configuration
  }

  /// `--data-dir` as given, else the environment's or the platform's data folder.
  private static func dataFolder(_ context: CommandContext) -> DataFolder {
    DataFolder(
      option: context.global.dataDirectory, environment: context.environment,
      workingDirectory: URL(
        fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true))
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
