import Localization

/// `koober report`: the event log (actions and outcomes, no secrets), oldest first, to
/// attach to a bug report. It needs no server, so it starts none.
struct ReportCommand: KooberCommand {
  static var configuration: CommandConfiguration {
    CommandConfiguration(
      name: "report", summary: TextTable.kooberCommands.text("report.summary"),
      details: TextTable.kooberCommands.text("report.details"))
  }

  init(_ options: OptionReader) {}

  func run(_ context: CommandContext) async -> ExitCode {
    let console = context.console
    let store: EventLogStore
    do {
      let folder = try AppContainer.prepareDataFolder(
        global: context.global, environment: context.environment)
      store = EventLogStore(url: folder.clientFolder(for: context.global).eventLog)
    } catch {
      console.error(error.message)
      return error.exitCode
    }
    let lines: [String]
    do {
      lines = try store.load()
    } catch {
      return console.fail(error)
    }
    guard !lines.isEmpty else {
      console.line(TextTable.kooberCommands.text("report.empty"))
      return .ok
    }
    lines.forEach { console.line($0) }
    return .ok
  }
}
