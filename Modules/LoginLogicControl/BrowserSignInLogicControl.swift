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
  public private(set) var isSigningIn = false

  private let environment: LoginEnvironment
  private var task: Task<Void, Never>?

  /// Makes a browser sign-in control.
  /// - Parameters:
  ///   - environment: The shared service, log and clocks.
  ///   - entryPoint: Where the sign-in began; decides where success goes.
  public init(environment: LoginEnvironment, entryPoint: LoginEntryPoint) {
    self.environment = environment
    self.entryPoint = entryPoint
  }

  /// Starts the sign-in in the browser, unless one is in flight (ignored).
  /// - Parameter agent: The app's browser.
  /// - Returns: The running sign-in, or `nil` when one was in flight.
  @discardableResult
  public func signIn(with agent: any BrowserUserAgent) -> Task<Void, Never>? {
    let log = environment.log
    guard !isSigningIn else {
      log.record(.ignored(.browserSignIn, because: "a sign-in is already in flight"))
      return nil
    }
    isSigningIn = true
    log.record(.providerSignInStarted(.browserSignIn, entry: entryPoint))
    delegate?.browserSignInLogicDidStart(self)
    let watched = WatchedAgent(agent) { [weak self] url in self?.browserOpened(url) }
    let task = Task { [environment] in
      let result = await Result { () async throws(AuthFailure) in
        try await environment.service.signIn(with: watched)
      }
      self.finish(result)
    }
    self.task = task
    return task
  }

  /// Stops waiting for the browser: the sign-in ends as cancelled (the delegate hears
  /// `browserSignInLogicDidCancel`), nothing kept.
  public func cancel() {
    task?.cancel()
  }

  private func browserOpened(_ url: URL) {
    guard isSigningIn else { return }
    environment.log.record(.browserOpened)
    delegate?.browserSignInLogic(self, isWaitingForBrowserAt: url)
  }

  private func finish(_ result: Result<UserSession, AuthFailure>) {
    // A cancelled task may end in the network's own failure (offline) while it asked.
    let cancelled = task?.isCancelled ?? false
    isSigningIn = false
    task = nil
    let ended = cancelled ? result.mapError({ _ in .refused(.signInCancelled) }) : result
    switch ended {
    case .success(let session):
      let route = LoginRoute(signedIn: session.user.type, from: entryPoint)
      environment.log.record(.succeeded(.browserSignIn, session.user.type, route))
      delegate?.loginLogic(self, didSignIn: session.user, route: route)
    case .failure(.refused(.signInCancelled)):
      environment.log.record(.cancelled(.browserSignIn))
      delegate?.browserSignInLogicDidCancel(self)
    case .failure(let failure):
      environment.log.record(.failed(.browserSignIn, failure))
      delegate?.browserSignInLogic(self, didFail: failure)
    }
  }
}

/// The app's agent, telling the control when the page is being opened.
private struct WatchedAgent: BrowserUserAgent {
  let agent: any BrowserUserAgent
  let opened: @MainActor @Sendable (URL) -> Void

  init(_ agent: any BrowserUserAgent, opened: @escaping @MainActor @Sendable (URL) -> Void) {
    self.agent = agent
    self.opened = opened
  }

  var redirectURI: URL { agent.redirectURI }
  var prompt: String? { agent.prompt }
  var loginHint: String? { agent.loginHint }

  func authorize(_ url: URL) async throws(AuthFailure) -> URL {
    if Task.isCancelled { throw .refused(.signInCancelled) }
    await opened(url)
    return try await agent.authorize(url)
  }
}
