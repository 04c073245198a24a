import Foundation

/// `koober serve`: the backend helper's `ServeCommand`, fed the data folder rules and the
/// environment settings (`BackendSettings`) of the host, so `koober serve` and the embedded
/// backend of `koober` share one backend database (`<data>/backend.sqlite`), a server started
/// here knows the same accounts, and tests can shorten its demo intervals.
extension Host {
  /// `koober serve …` as the first argument: its own parser reads the rest exactly as the
  /// backend helper made it (usage errors exit 2, as every command's do).
  /// - Parameters:
  ///   - arguments: What follows `serve`.
  ///   - environment: The process environment.
  ///   - console: The terminal.
  /// - Returns: The exit status.
  static func serve(
    arguments: [String], environment: [String: String], console: Console
  ) -> Int32 {
    var command: ServeCommand
    do {
      command = try ServeCommand(arguments: arguments)
    } catch {
      console.error("serve: \(error.message)\n\(ServeCommand.usage)")
      return ExitCode.usage.rawValue
    }
    if command.dataDirectory == nil {
      command.dataDirectory = defaultDataFolder(environment: environment)
    }
    do {
      command.backendSettings = try BackendSettings(environment: environment)
    } catch {
      console.error("serve: \(error.message)")
      return ExitCode.usage.rawValue
    }
    return command.run()
  }

  /// `koober --data-dir D serve …` (global options first): the options were read by the
  /// host's parser.
  static func serve(
    _ global: GlobalOptions, host: String, port: UInt16, demo: Bool,
    environment: [String: String], console: Console
  ) -> ExitCode {
    var command: ServeCommand
    do {
      command = try ServeCommand(arguments: [])
    } catch {
      return .usage
    }
    command.host = host
    command.port = port
    command.demoMode = demo
    do {
      command.backendSettings = try BackendSettings(environment: environment)
    } catch {
      console.error(error.message)
      return error.exitCode
    }
    command.dataDirectory =
      global.dataDirectory.map { URL(fileURLWithPath: $0, isDirectory: true) }
      ?? defaultDataFolder(environment: environment)
    return command.run() == 0 ? .ok : .failure
  }

  private static func defaultDataFolder(environment: [String: String]) -> URL {
    DataFolder(
      option: nil, environment: environment,
      workingDirectory: URL(
        fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true)
    ).url
  }
}
