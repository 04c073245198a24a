import Foundation
import LoginLogicControl
import LoginViewModel
import UserModel

/// `koober verify --code C`: finishes the driver's sign-in that `koober sign-in` left
/// waiting, with the one-time code.
///
/// The process that signed in has ended, so this one resumes the saved challenge with a
/// `CodeLogicControl(resuming:)`: the same rules, sentences and event-log lines as the code
/// screen. The code is read with the code screen's view model.
@MainActor
struct VerifyCommand {
  let app: AppContainer
  let code: String

  func run() async -> ExitCode {
    let console = app.console
    let form = CodeViewModel()
    form.codeChanged(code)
    guard form.code.count == CodeViewModel.codeLength, form.codeError == nil else {
      return console.fail(LoginFailure.malformedCode)
    }
    let pending: PendingSignIn
    do {
      guard let saved = try app.pendingSignIns.load() else {
        console.error("No sign-in is waiting for a code; run 'koober sign-in' first.")
        return .failure
      }
      pending = saved
    } catch {
      return console.fail(error)
    }
    let responder = CommandResponder()
    let control = CodeLogicControl(
      environment: app.loginEnvironment, entryPoint: .welcome, resuming: pending.challenge)
    control.delegate = responder
    control.start()
    defer { control.stop() }
    if responder.outcome == nil {
      await control.submit(code: form.code)?.value
    }
    switch responder.outcome {
    case .signedIn(let user, let note):
      return app.reportSignedIn(user, note: note)
    case .challengeEnded(let failure):
      app.forgetPendingSignIn()
      return console.fail(failure)
    case .failed(let failure):
      return console.fail(failure)
    case .offline, .notSignedIn, .unreadable, .codeRequired, .signedOut, nil:
      console.error("The code check ended without an answer; try again.")
      return .failure
    }
  }
}
