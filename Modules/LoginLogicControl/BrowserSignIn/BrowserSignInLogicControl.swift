import Foundation
import LoginCore
import UserModel

/// The logic of "Sign in with browser": OAuth's authorization code flow through the app's
/// `BrowserUserAgent`, with the same routing by user type and entry point as the password
/// sign-in. It reports the start, the moment the page is open and the app waits for the
/// browser, a cancellation, a failure, or the route of the signed-in user.
///
/// ```swift
/// let browser = BrowserSignInLogicControl(environment: environment, entryPoint: .welcome)
/// browser.delegate = signInScreen
/// browser.signIn(with: try LoopbackUserAgent { url in openInBrowser(url) })
/// // the screen's Cancel button: browser.cancel()
/// ```
@MainActor
public final class BrowserSignInLogicControl: LoginFlowControl {
  /// Told what happens; held weakly.
  public weak var delegate: (any BrowserSignInLogicDelegate)?
  /// Where this sign-in began.
  public let entryPoint: LoginEntryPoint
  /// `true` from the start until the sign-in ends; taps meanwhile are ignored.
  public var isSigningIn: Bool { run.isRunning }

  private let run: FlowRun

  /// Makes a browser sign-in control.
  /// - Parameters:
  ///   - environment: The shared service, log and clocks.
  ///   - entryPoint: Where the sign-in began; decides where success goes.
  public init(environment: LoginEnvironment, entryPoint: LoginEntryPoint) {
    self.entryPoint = entryPoint
    run = FlowRun(
      .browserSignIn, in: environment, busy: "a sign-in is already in flight", cancellable: true)
  }

  /// Starts the sign-in in the browser, unless one is in flight (ignored).
  /// - Parameter agent: The app's browser.
  /// - Returns: The running sign-in, or `nil` when one was in flight.
  @discardableResult
  public func signIn(with agent: any BrowserUserAgent) -> Task<Void, Never>? {
    guard run.admits() else { return nil }
    let watched = WatchedAgent(agent) { [weak self] url in self?.browserOpened(url) }
    return run.start(
      .providerSignInStarted(.browserSignIn, entry: entryPoint),
      announce: { delegate?.browserSignInLogicDidStart(self) },
      trying: { service async throws(AuthFailure) in try await service.signIn(with: watched) },
      then: { self.finish($0) })
  }

  /// Stops waiting for the browser: the sign-in ends as cancelled (the delegate hears
  /// `browserSignInLogicDidCancel`), nothing kept.
  public func cancel() {
    run.cancel()
  }

  private func browserOpened(_ url: URL) {
    guard isSigningIn else { return }
    run.record(.browserOpened)
    delegate?.browserSignInLogic(self, isWaitingForBrowserAt: url)
  }

  private func finish(_ result: Result<UserSession, AuthFailure>) {
    run.report(
      result, by: self, tell: delegate,
      cancelled: { delegate?.browserSignInLogicDidCancel(self) },
      failed: { delegate?.browserSignInLogic(self, didFail: $0) })
  }
}
