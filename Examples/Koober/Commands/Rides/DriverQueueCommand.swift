import Localization

/// `koober driver queue`: the rides waiting for a driver, oldest first, one a line (id,
/// status, route), through the driver's flow.
struct DriverQueueCommand: KooberCommand {
  static var configuration: CommandConfiguration {
    CommandConfiguration(
      name: "queue", group: .driver, summary: TextTable.kooberCommands.text("driverQueue.summary"),
      details: TextTable.kooberCommands.text("driverQueue.details"))
  }

  init(_ options: OptionReader) {}

  func run(_ context: CommandContext) async -> ExitCode {
    let console = context.console
    return await context.withSignedIn(.drivers) { container in
      let recorder = DriverStepRecorder(control: await container.makeDriverControl())
      await recorder.run { $0.loadQueue() }
      if let failure = recorder.failure { return console.fail(failure) }
      let queue = recorder.queue ?? []
      guard !queue.isEmpty else {
        console.line(TextTable.kooberCommands.text("rides.queueEmpty"))
        return .ok
      }
      queue.forEach { console.line($0.line) }
      return .ok
    }
  }
}
