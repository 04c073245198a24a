import LoginLogicControl

extension AppContainer {
  /// Runs the launch check (restore and validate the saved session) for a subcommand.
  /// - Returns: What it found.
  func checkSessionForCommand() async -> CommandResponder.Outcome? {
    let responder = CommandResponder()
    let launch = makeLaunchControl()
    launch.delegate = responder
    await launch.checkSession()?.value
    return responder.outcome
  }
}
