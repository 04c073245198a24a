/// Runs a ride command: each has its own file, as the login commands do.
extension RideAction {
  /// Runs the command.
  /// - Parameter app: The app container.
  /// - Returns: The exit status.
  @MainActor
  func run(in app: AppContainer) async -> ExitCode {
    switch self {
    case .estimate(let place): return await RideEstimateCommand(app: app, place: place).run()
    case .request(let place, let vehicle):
      return await RideRequestCommand(app: app, place: place, vehicle: vehicle).run()
    case .status(let id): return await RideStatusCommand(app: app, id: id).run()
    case .list(let configuration):
      return await RideListCommand(app: app, configuration: configuration).run()
    case .cancel(let id): return await RideCancelCommand(app: app, id: id).run()
    case .export(let format): return await RideExportCommand(app: app, format: format).run()
    case .queue: return await DriverQueueCommand(app: app).run()
    case .accept(let id): return await DriverAcceptCommand(app: app, id: id).run()
    case .advance(let id): return await DriverAdvanceCommand(app: app, id: id).run()
    }
  }
}
