import Foundation
import Localization
import LoginCore
import LoginLogicControl
import LoginViewModel
import UserModel

/// `koober verify --code C`: finishes the driver's sign-in that `koober sign-in` left
/// waiting, with the one-time code.
///
/// The process that signed in has ended, so this one resumes the saved challenge with a
/// `CodeLogicControl(resuming:)`: the same rules, sentences and event-log lines as the code
/// screen. The code is read with the code screen's view model.
struct VerifyCommand: KooberCommand {
  static var configuration: CommandConfiguration {
    CommandConfiguration(
      name: "verify", summary: TextTable.kooberCommands.text("verify.summary"),
      arguments: "--code C",
      options: [.value("code", "C", TextTable.kooberCommands.text("verify.option.code"))],
      details: TextTable.kooberCommands.text("verify.details"))
  }

  /// `--code C`, as typed; the code screen's view model checks it.
  let code: String

  init(_ options: OptionReader) throws(UsageError) {
    code = try options.required("code")
  }

  func run(_ context: CommandContext) async -> ExitCode {
    await context.withApp { app in await verify(in: app) }
  }

  @MainActor
  private func verify(in app: AppContainer) async -> ExitCode {
    let console = app.console
    let form = CodeViewModel()
    form.codeChanged(code)
    guard form.code.count == CodeViewModel.codeLength, form.codeError == nil else {
      return console.fail(AuthFailure.refused(.malformedCode))
    }
    let pending: PendingSignIn
    do {
      guard let saved = try app.pendingSignIns.load() else {
        console.error(TextTable.kooberCommands.text("verify.nothingWaiting"))
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
    defer { control.stop() }
    // The countdown's start reports a challenge that is over already; then no code is sent.
    let started: () -> Task<Void, Never>? = {
      control.start()
      return nil
    }
    switch await responder.outcome(of: started, { control.submit(code: form.code) }) {
    case .signedIn(let user, let note):
      return FinishedSignIn.report(user, note: note, in: app)
    case .challengeEnded(let failure):
      FinishedSignIn.forgetChallenge(in: app)
      return console.fail(failure)
    case .failed(let failure):
      return console.fail(failure)
    case .offline, .notSignedIn, .unreadable, .codeRequired, .signedOut:
      console.error(TextTable.kooberCommands.text("verify.noAnswer"))
      return .failure
    }
  }
}
