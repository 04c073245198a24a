import Foundation
import LoginCore
import UserModel

/// The one-time-code step of a sign-in your server asked a second step for: counts down to
/// the challenge's expiry on the injected clock, checks the code, and ends in the signed-in
/// route or back at sign-in (the challenge expired, or too many wrong codes). A new code is
/// asked for by signing in again with the same credentials.
///
/// A challenge saved by another process (a command-line `verify` step after `sign-in`) is
/// resumed with ``init(environment:entryPoint:resuming:)``; the password is not known there,
/// so a new code cannot be asked for.
///
/// It comes from `SignInLogicDelegate.signInLogic(_:needsCode:)`:
/// ```swift
/// func signInLogic(_ control: SignInLogicControl, needsCode codeControl: CodeLogicControl) {
///   codeControl.delegate = codeScreen
///   show(codeScreen)
///   codeControl.start()
/// }
/// ```
@MainActor
public final class CodeLogicControl: LoginFlowControl {
  /// Where the challenge stands; a code being checked or asked for is the run's business.
  enum Phase: Equatable {
    case notStarted, waiting, ended
  }

  /// Told what happens; held weakly.
  public weak var delegate: (any CodeLogicDelegate)?
  /// Where the sign-in began.
  public let entryPoint: LoginEntryPoint
  /// The current challenge (a new one after each resend).
  public private(set) var challenge: Challenge
  /// Whole seconds until the code expires, as last ticked.
  public private(set) var secondsLeft = 0
  /// `true` while a code is being checked or a new one is being asked for.
  public var isBusy: Bool { run.isRunning && phase != .ended }
  /// `true` once the step is over: signed in, back at sign-in, or stopped.
  public var hasEnded: Bool { phase == .ended }
  /// `false` for a resumed challenge: no password to sign in again with, so the host should
  /// not offer "send a new code".
  public var canResendCode: Bool { credentials != nil }

  /// The most seconds a countdown shows, whatever date a server sends.
  public nonisolated static let longestCountdown = 3600

  private let environment: LoginEnvironment
  private let run: FlowRun
  // Kept in memory only, to sign in again for a new code; never logged or shown. nil for a
  // resumed challenge.
  private let credentials: SignInCredentials?
  private let countdown = Countdown()
  private var phase = Phase.notStarted
  // The countdown reached zero while a request was out; its answer decides what follows.
  private var timeRanOut = false

  /// The running countdown, so tests can await its end.
  package var countdownTask: Task<Void, Never>? { countdown.task }

  init(
    environment: LoginEnvironment, entryPoint: LoginEntryPoint, credentials: SignInCredentials?,
    challenge: Challenge
  ) {
    self.environment = environment
    self.entryPoint = entryPoint
    self.credentials = credentials
    self.challenge = challenge
    run = FlowRun(.code, in: environment, busy: "not waiting for a code")
  }

  /// Resumes a challenge that an earlier sign-in (usually in another process) received and
  /// saved: the countdown runs to the challenge's own expiry and codes are checked as usual,
  /// but ``resendCode()`` is refused (`.unsupported(.resendCode)`), since the password is not
  /// known.
  ///
  /// ```swift
  /// let code = CodeLogicControl(
  ///   environment: environment, entryPoint: .welcome, resuming: saved.challenge)
  /// code.delegate = responder
  /// code.start()
  /// await code.submit(code: "493817")?.value
  /// ```
  /// - Parameters:
  ///   - environment: The service, log and clocks.
  ///   - entryPoint: Where the sign-in began; it decides the route after the code.
  ///   - challenge: The saved challenge.
  public convenience init(
    environment: LoginEnvironment, entryPoint: LoginEntryPoint, resuming challenge: Challenge
  ) {
    self.init(
      environment: environment, entryPoint: entryPoint, credentials: nil, challenge: challenge)
  }

  /// Starts the countdown; the first tick (e.g. 60) comes at once. Call it once the delegate
  /// is set; later calls do nothing.
  public func start() {
    guard phase == .notStarted else { return }
    phase = .waiting
    startCountdown()
  }

  /// Checks a code; ignored while another request is out or after the step ended.
  /// - Parameter code: The code as typed; surrounding whitespace is ignored. Anything but six
  ///   digits is refused (`.refused(.malformedCode)`) without a request.
  /// - Returns: The running check, or `nil` when nothing was sent.
  @discardableResult
  public func submit(code: String) -> Task<Void, Never>? {
    guard run.admits(when: phase == .waiting) else { return nil }
    let trimmed = code.trimmingCharacters(in: .whitespacesAndNewlines)
    guard trimmed.count == 6, trimmed.unicodeScalars.allSatisfy({ ("0"..."9").contains($0) })
    else {
      report(.refused(.malformedCode))
      return nil
    }
    let challenge = challenge
    return run.start(
      .codeSubmitted, announce: { delegate?.codeLogicDidStartVerifying(self) },
      trying: { service async throws(AuthFailure) in
        try await service.verifyCode(trimmed, for: challenge)
      },
      then: { self.finishVerifying($0) })
  }

  /// Asks for a new code by signing in again; ignored while another request is out or after
  /// the step ended. A resumed challenge has no password to sign in with: the delegate is
  /// told `.unsupported(.resendCode)` and the screen stays.
  /// - Returns: The running request, or `nil` when nothing was sent.
  @discardableResult
  public func resendCode() -> Task<Void, Never>? {
    guard run.admits(when: phase == .waiting) else { return nil }
    guard let credentials else {
      report(.unsupported(.resendCode))
      return nil
    }
    return run.start(
      .resendRequested, announce: { delegate?.codeLogicDidStartResending(self) },
      trying: { service async throws(AuthFailure) in
        try await service.signIn(identifier: credentials.identifier, password: credentials.password)
      },
      then: { self.finishResending($0) })
  }

  /// Stops the step (the person left the screen): no tick or outcome follows.
  public func stop() {
    guard phase != .ended else { return }
    end()
    run.record(.codeStopped)
  }

  // MARK: - Outcomes (an answer that arrives after `stop()` is dropped)

  private func finishVerifying(_ result: Result<UserSession, AuthFailure>) {
    guard phase == .waiting else { return }
    switch result {
    case .success(let session):
      signedIn(session.user)
    case .failure(let error):
      handle(error)
    }
  }

  private func finishResending(_ result: Result<SignInOutcome, AuthFailure>) {
    guard phase == .waiting else { return }
    switch result {
    case .success(.codeRequired(let newChallenge)):
      challenge = newChallenge
      timeRanOut = false
      run.record(.codeResent(channel: newChallenge.channel))
      delegate?.codeLogicDidResendCode(self)
      startCountdown()
    case .success(.signedIn(let session)):
      signedIn(session.user)
    case .failure(let error):
      switch error {
      case .refused(.invalidCredentials), .refused(.locked): endChallenge(error)
      default: handle(error)
      }
    }
  }

  /// A failure that ends the challenge goes back to sign-in; any other keeps the screen,
  /// unless time ran out while the request was out.
  private func handle(_ failure: AuthFailure) {
    switch failure {
    case .refused(.codeExpired), .refused(.tooManyAttempts):
      endChallenge(failure)
    case .refused(.invalidCode(let left)) where left <= 0:
      endChallenge(.refused(.tooManyAttempts))
    default:
      if timeRanOut {
        endChallenge(.refused(.codeExpired))
      } else {
        report(failure)
      }
    }
  }

  private func signedIn(_ user: User) {
    end()
    run.signedIn(user, by: self, tell: delegate)
  }

  private func report(_ failure: AuthFailure) {
    run.fail(failure) { delegate?.codeLogic(self, didFail: $0) }
  }

  private func endChallenge(_ failure: AuthFailure) {
    end()
    run.record(.challengeEnded(failure))
    delegate?.codeLogic(self, challengeEndedGoBackToSignIn: failure)
  }

  private func end() {
    phase = .ended
    countdown.stop()
  }

  // MARK: - Countdown

  private func startCountdown() {
    let seconds = secondsUntilExpiry()
    run.record(.countdownStarted(seconds: seconds))
    guard seconds > 0 else {
      timeIsUp()
      return
    }
    tick(seconds)
    countdown.start(seconds: seconds, clock: environment.clock) { [weak self] left in
      self?.tick(left)
    }
  }

  private func tick(_ left: Int) {
    secondsLeft = left
    if left > 0 {
      delegate?.codeLogic(self, countdownDidTick: left)
    } else {
      timeIsUp()
    }
  }

  private func timeIsUp() {
    if run.isRunning {
      timeRanOut = true
    } else if phase == .waiting {
      endChallenge(.refused(.codeExpired))
    }
  }

  private func secondsUntilExpiry() -> Int {
    let interval = challenge.expiresAt.timeIntervalSince(environment.now())
    guard interval.isFinite, interval > 0 else { return 0 }
    return Int(min(interval.rounded(.up), Double(Self.longestCountdown)))
  }
}
