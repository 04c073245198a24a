import Localization
import LoginCore
import UserModel

/// The launch check: restores the saved session, validates it, and tells the delegate where
/// the app starts.
///
/// ```swift
/// let launch = LaunchLogicControl(environment: environment)
/// launch.delegate = appNavigator
/// launch.checkSession()
/// ```
@MainActor
public final class LaunchLogicControl {
  /// Told where the app starts; held weakly.
  public weak var delegate: (any LaunchLogicDelegate)?
  /// `true` while a check is running.
  public var isChecking: Bool { run.isRunning }

  private let run: FlowRun

  /// The sentence shown on welcome after an expired session, in the language of the moment
  /// (the same as `SessionLogicControl.expiredMessage`).
  public nonisolated static var expiredMessage: String { SessionLogicControl.expiredMessage }
  /// The sentence shown on the home screen when the session could not be validated.
  public nonisolated static var offlineMessage: String {
    TextTable.loginLogicControl.text("launch.offline")
  }

  /// What the home screen says when the server answered but could not confirm the session:
  /// the failure's sentence, then that the session is kept.
  /// - Parameter failure: Why the session could not be checked.
  /// - Returns: The two sentences.
  public nonisolated static func unverifiedMessage(_ failure: AuthFailure) -> String {
    failure.message + " " + TextTable.loginLogicControl.text("launch.kept")
  }
  /// The sentence shown on welcome when the server answered for another account.
  public nonisolated static var accountChangedMessage: String {
    TextTable.loginLogicControl.text("launch.accountChanged")
  }
  /// The sentence shown on welcome when the session store cannot be read.
  public nonisolated static var unreadableMessage: String {
    TextTable.loginLogicControl.text("launch.unreadable")
  }

  /// What welcome says when the stored session cannot be read: to update the app when a
  /// newer release wrote it (`.refused(.updateRequired)`, whose sentence says so), else
  /// ``unreadableMessage``.
  /// - Parameter failure: The store's failure (`RestoreOutcome.unavailable(_:)`).
  /// - Returns: The sentence.
  public nonisolated static func unavailableMessage(_ failure: AuthFailure) -> String {
    failure == .refused(.updateRequired) ? failure.message : unreadableMessage
  }

  /// Makes a launch control.
  /// - Parameter environment: The shared service, log and clocks.
  public init(environment: LoginEnvironment) {
    run = FlowRun(.launch, in: environment, busy: "a check is already running")
  }

  /// Starts the launch check; a second call while one runs is ignored.
  /// - Returns: The running check (await it to know it finished), or `nil` when ignored.
  @discardableResult
  public func checkSession() -> Task<Void, Never>? {
    guard run.admits() else { return nil }
    return run.start(
      .launchCheckStarted, awaiting: { service in await service.restoreSession() },
      then: { self.finish(with: $0) })
  }

  private func finish(with outcome: RestoreOutcome) {
    switch outcome {
    case .signedIn(let session):
      let user = session.user
      run.record(.launchOutcome("session valid for \(user.type.rawValue) -> home (root)"))
      delegate?.launchLogic(self, didRestoreSessionOf: user, goHomeAsRoot: user.type)
    case .offline(let session):
      let user = session.user
      run.record(
        .launchOutcome("offline, session of \(user.type.rawValue) kept -> home (root, offline)"))
      delegate?.launchLogic(
        self, couldNotValidateSessionOf: user, goHomeOfflineAsRoot: user.type,
        message: Self.offlineMessage)
    case .unverified(let session, let failure):
      let user = session.user
      run.record(
        .launchOutcome(
          "unverified (\(failure.code)), session of \(user.type.rawValue) kept "
            + "-> home (root, offline)"))
      delegate?.launchLogic(
        self, couldNotValidateSessionOf: user, goHomeOfflineAsRoot: user.type,
        message: Self.unverifiedMessage(failure))
    case .notSignedIn:
      run.record(.launchOutcome("no session -> welcome"))
      delegate?.launchLogicFoundNoSessionGoToWelcome(self)
    case .expired:
      run.record(.launchOutcome("session expired -> welcome"))
      delegate?.launchLogic(self, sessionExpiredGoToWelcomeWith: Self.expiredMessage)
    case .accountChanged:
      run.record(.launchOutcome("server answered for another account, session ended -> welcome"))
      delegate?.launchLogic(self, sessionExpiredGoToWelcomeWith: Self.accountChangedMessage)
    case .unavailable(let failure):
      // The code only: the detail may name a file in the person's home folder.
      let why =
        failure == .refused(.updateRequired)
        ? "session written by a newer release (\(failure.code)), update the app"
        : "session store unreadable (\(failure.code))"
      run.record(.launchOutcome(why + ", nothing deleted -> welcome"))
      delegate?.launchLogic(
        self, sessionUnreadableGoToWelcomeWith: Self.unavailableMessage(failure))
    }
  }
}
