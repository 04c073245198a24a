/// `koober driver queue`: the rides waiting for a driver, oldest first, one a line (id,
/// status, route), through the driver's flow.
@MainActor
struct DriverQueueCommand {
  let app: AppContainer

  func run() async -> ExitCode {
    let console = app.console
    return await app.runRideCommand(.drivers) { container in
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
