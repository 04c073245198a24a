import Localization
import LoginCore
import UserModel

/// The signed-in session's logic: signing out, and noticing (through the service's change
/// stream) that the session was revoked or expired, whatever screen is showing.
///
/// With several accounts kept (`LoginServicing.accounts()`), a sign-out of the active one
/// that leaves another active takes the app to that account's home, and a switch made
/// elsewhere (another process, or a control made from another environment) does too; a
/// switch that a control of the same environment routes itself (`AccountsLogicControl`) is
/// not routed again.
///
/// The host's app container keeps one for the app's lifetime:
/// ```swift
/// let session = SessionLogicControl(environment: environment)
/// session.delegate = appNavigator
/// session.startListening()
/// // on "Sign out":
/// session.signOut()
/// ```
@MainActor
public final class SessionLogicControl {
  /// Told when the session ends; held weakly.
  public weak var delegate: (any SessionLogicDelegate)?
  /// `true` while a sign-out is in flight.
  public var isSigningOut: Bool { run.isRunning }

  /// The message shown on welcome after the server revoked the session, in the language of
  /// the moment (as are the three below).
  public nonisolated static var revokedMessage: String {
    TextTable.loginLogicControl.text("session.revoked")
  }
  /// The message shown on welcome after the active account was signed out elsewhere
  /// (another process sharing the sessions: an app extension, a second window).
  public nonisolated static var signedOutElsewhereMessage: String {
    TextTable.loginLogicControl.text("session.signedOutElsewhere")
  }
  /// The message shown on welcome after the session expired.
  public nonisolated static var expiredMessage: String {
    TextTable.loginLogicControl.text("session.expired")
  }
  /// The notice shown after a sign-out the server did not hear about.
  public nonisolated static var signedOutLocallyNotice: String {
    TextTable.loginLogicControl.text("session.signedOutLocally")
  }
  /// The notice shown after a sign-out on a server that offers no way to end a session.
  public nonisolated static var signedOutWithoutRevocationNotice: String {
    TextTable.loginLogicControl.text("session.signedOutWithoutRevocation")
  }

  private let environment: LoginEnvironment
  private let run: FlowRun
  private var listener: Task<Void, Never>?
  // An end is reported once; a later sign-in re-arms it.
  private var endReported = false

  /// The task reading the change stream, so tests can await its end.
  package var listenerTask: Task<Void, Never>? { listener }

  /// Makes a session control.
  /// - Parameter environment: The shared service and log.
  public init(environment: LoginEnvironment) {
    self.environment = environment
    run = FlowRun(.session, in: environment, busy: "a sign-out is already in flight")
  }

  /// Starts following the service's session changes; a second call does nothing.
  public func startListening() {
    guard listener == nil else { return }
    let changes = environment.service.sessionChanges()
    listener = Task { [weak self] in
      for await change in changes {
        guard let self else { return }
        self.handle(change)
      }
    }
  }

  /// Stops following session changes.
  public func stopListening() {
    listener?.cancel()
    listener = nil
  }

  /// Signs out the active account (on the server when it can be reached) and reports the way
  /// to welcome, or to the home of the account that is active now when the service keeps
  /// others; a second call while one is in flight is ignored.
  /// - Returns: The running sign-out, or `nil` when ignored.
  @discardableResult
  public func signOut() -> Task<Void, Never>? {
    startSigningOut { service in await service.signOut() }
  }

  /// Signs out like `signOut()`, then ends the provider's browser session through `agent`
  /// (RP-initiated logout), so that "Sign in with browser" afterwards does not sign the same
  /// account back in silently. Ignored while a sign-out is in flight.
  /// - Parameter agent: The app's browser.
  /// - Returns: The running sign-out, or `nil` when one was already in flight.
  @discardableResult
  public func signOut(endingBrowserSessionWith agent: any BrowserUserAgent) -> Task<Void, Never>?
  {
    startSigningOut { service in await service.signOut(endingBrowserSessionWith: agent) }
  }

  private func startSigningOut(
    _ operation: @escaping @MainActor (any LoginServicing) async -> SignOutOutcome
  ) -> Task<Void, Never>? {
    guard run.admits() else { return nil }
    environment.routedAccount.requestStarted()
    return run.start(
      .signOutRequested, announce: { delegate?.sessionLogicDidStartSigningOut(self) },
      awaiting: { service in
        let outcome = await operation(service)
        // Asked after the sign-out: the service made the most recently active other current.
        return (outcome, await service.accounts().first(where: \.isActive)?.user)
      },
      then: { self.finishSigningOut($0.0, next: $0.1) })
  }

  private func finishSigningOut(_ outcome: SignOutOutcome, next: User?) {
    let notice = outcome.notice
    environment.routedAccount.requestEnded(switchedTo: next)
    guard let next else {
      endReported = true
      run.record(.signedOut(locally: notice != nil))
      delegate?.sessionLogic(self, didSignOutGoToWelcomeWith: notice)
      return
    }
    // The next account's session goes on: its end is news.
    endReported = false
    let route = LoginRoute(signedIn: next.type, from: .welcome)
    run.record(
      .account(.signedOut(.session, locally: notice != nil, then: .account(next.type, route))))
    delegate?.sessionLogic(self, didSwitchTo: next, route: route, notice: notice)
  }

  private func handle(_ change: SessionChange) {
    switch change {
    case .initial:
      // The state at subscription: the launch check reports it, not this control.
      break
    case .signedIn(let user):
      endReported = false
      run.record(.sessionStarted(user.type))
    case .switched(let user):
      endReported = false
      switched(to: user)
    case .accountRemoved:
      // Another account left; the active one, and so the screen, is unchanged.
      break
    case .signedOut(.userAction):
      // This control's own sign-out, or one the accounts control routed, is reported by
      // them; any other was made elsewhere (another process sharing the sessions).
      guard !endReported, !isSigningOut, !environment.routedAccount.claimsSignOut() else {
        return
      }
      endReported = true
      run.record(.sessionEnded(.userAction))
      delegate?.sessionLogic(
        self, sessionDidEnd: .userAction, goToWelcomeWith: Self.signedOutElsewhereMessage)
    case .signedOut(let reason):
      guard !endReported, !isSigningOut else { return }
      endReported = true
      run.record(.sessionEnded(reason))
      delegate?.sessionLogic(
        self, sessionDidEnd: reason,
        goToWelcomeWith: reason == .expired ? Self.expiredMessage : Self.revokedMessage)
    }
  }

  /// Takes the app to `user`'s home like a sign-in, unless a control of this process routes
  /// (or routed) the switch itself: its own sign-out, or the accounts control's requests.
  private func switched(to user: User) {
    guard !environment.routedAccount.claims(user) else {
      run.record(.account(.switchHeard(user.type, route: nil)))
      return
    }
    let route = LoginRoute(signedIn: user.type, from: .welcome)
    run.record(.account(.switchHeard(user.type, route: route)))
    delegate?.sessionLogic(self, didSwitchTo: user, route: route, notice: nil)
  }
}
