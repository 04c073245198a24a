import Localization
import LoginCore
import LoginLogicControl
import LoginViewModel

/// `[Verification code]`: the driver's one-time code, with a live countdown on a terminal
/// (the prompt redraws each second) and one line about the expiry otherwise.
@MainActor
final class CodeScreen: Screen, CodeLogicDelegate, LoginRouting {
  var signedInDestination: Destination?
  private var failure: AuthFailure?
  private var challengeEnd: AuthFailure?
  private var codeResent = false

  private let console: Console
  private let control: CodeLogicControl
  private let form: CodeViewModel

  /// Makes the screen; the onboarding container sets it as the control's delegate.
  /// - Parameters:
  ///   - console: The terminal.
  ///   - control: The code step, already holding the challenge.
  init(console: Console, control: CodeLogicControl) {
    self.console = console
    self.control = control
    form = CodeViewModel()
  }

  func run() async -> Destination {
    console.title(TextTable.koober.text("code.title"))
    form.onCountdownTextChange = { [weak self] text in
      self?.console.updateLivePrompt(TextTable.koober.text("code.prompt", ["countdown": text]))
    }
    control.start()
    if let challengeEnd { return backToSignIn(challengeEnd) }
    let sent = ["channel": channelName, "countdown": form.countdownText]
    console.line(TextTable.koober.text("code.sent", sent))
    console.note(TextTable.koober.text("code.hint"))
    while true {
      let event = await console.askLive(
        TextTable.koober.text("code.prompt", ["countdown": form.countdownText]))
      if let challengeEnd { return backToSignIn(challengeEnd) }
      guard case .line(let text) = event else {
        control.stop()
        return event.exit ?? .quit
      }
      if let destination = await handle(text) { return destination }
    }
  }

  /// One answer: a command or a code. Returns where to go when the step is over.
  private func handle(_ text: String) async -> Destination? {
    if TypedWord.back.matches(text) {
      control.stop()
      return .signIn(from: control.entryPoint, alert: nil)
    } else if TypedWord.resend.matches(text) {
      let task = control.resendCode()
      await console.progress(TextTable.koober.text("progress.resendingCode")) { await task?.value }
      if codeResent { console.line(TextTable.koober.text("code.resent")) }
      codeResent = false
    } else {
      form.codeChanged(text)
      if let error = form.codeError {
        console.alert(error)
        return nil
      }
      form.setLoading(true)
      let task = control.submit(code: form.code)
      await console.progress(TextTable.koober.text("progress.checkingCode")) { await task?.value }
      form.setLoading(false)
    }
    if let signedInDestination { return signedInDestination }
    if let challengeEnd { return backToSignIn(challengeEnd) }
    if let failure { console.alert(failure.message) }
    failure = nil
    return nil
  }

  /// How the code was sent, in the language shown.
  private var channelName: String { TextTable.channelName(control.challenge.channel) }

  private func backToSignIn(_ failure: AuthFailure) -> Destination {
    .signIn(from: control.entryPoint, alert: failure.message)
  }

  // MARK: - CodeLogicDelegate

  func codeLogic(_ control: CodeLogicControl, countdownDidTick secondsLeft: Int) {
    form.remainingSecondsChanged(secondsLeft)
  }

  func codeLogicDidStartVerifying(_ control: CodeLogicControl) {}

  func codeLogic(_ control: CodeLogicControl, didFail failure: AuthFailure) {
    if case .refused(.invalidCode(let left)) = failure { form.attemptsLeftChanged(left) }
    self.failure = failure
  }

  func codeLogicDidStartResending(_ control: CodeLogicControl) {}

  func codeLogicDidResendCode(_ control: CodeLogicControl) {
    codeResent = true
  }

  func codeLogic(_ control: CodeLogicControl, challengeEndedGoBackToSignIn failure: AuthFailure) {
    challengeEnd = failure
    console.input.interrupt()
  }
}
