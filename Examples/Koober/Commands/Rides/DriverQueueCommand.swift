/// `koober driver queue`: the rides waiting for a driver, oldest first, one a line (id,
/// status, route), through the driver's flow.
struct DriverQueueCommand: KooberCommand {
  static let configuration = CommandConfiguration(
    name: "queue", group: .driver, summary: "List the rides waiting for a driver, oldest first.",
    details: ["One line per ride: its id first."])

  init(_ options: OptionReader) {}

  func run(_ context: CommandContext) async -> ExitCode {
    let console = context.console
    return await context.withSignedIn(.drivers) { container in
      let recorder = DriverStepRecorder(control: await container.makeDriverControl())
      await recorder.run { $0.loadQueue() }
      if let failure = recorder.failure { return console.fail(failure) }
      let queue = recorder.queue ?? []
      guard !queue.isEmpty else {
        console.line("No rides are waiting.")
        return .ok
      }
      queue.forEach { console.line($0.line) }
      return .ok
    }
  }
}
