/// `koober report`: the event log (actions and outcomes, no secrets), oldest first, to
/// attach to a bug report. It needs no server, so it starts none.
@MainActor
struct ReportCommand {
  let console: Console
  let store: EventLogStore

  func run() -> ExitCode {
    let lines: [String]
    do {
      lines = try store.load()
    } catch {
      return console.fail(error)
    }
    guard !lines.isEmpty else {
      console.line("No events recorded yet.")
      return .ok
    }
    lines.forEach { console.line($0) }
    return .ok
  }
}
