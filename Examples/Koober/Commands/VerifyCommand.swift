import Foundation
import LoginLogicControl
import LoginViewModel
import ServiceUserLogin
import UserModel

/// `koober verify --code C`: finishes the driver's sign-in that `koober sign-in` left
/// waiting, with the one-time code.
///
/// The code step's logic control lives in the process that signed in, so a new process
/// resumes the saved challenge with the service's `verifyCode` directly; the code is read
/// with the code screen's view model, and errors get the logic layer's sentences.
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
    guard pending.challenge.expiresAt > Date() else { return endChallenge(.codeExpired) }
    let session: UserSession
    do throws(LoginError) {
      session = try await app.serviceUser.verifyCode(form.code, for: pending.challenge)
    } catch {
      let failure = LoginFailure(error)
      switch failure {
      case .codeExpired, .tooManyAttempts: return endChallenge(failure)
      case .wrongCode(attemptsLeft: 0): return endChallenge(.tooManyAttempts)
      default: return console.fail(failure)
      }
    }
    do { try app.pendingSignIns.clear() } catch { console.error(error.message) }
    console.line(console.signedInLine(session.user))
    return .ok
  }

  /// The challenge is over: forget it and say to sign in again.
  private func endChallenge(_ failure: LoginFailure) -> ExitCode {
    do { try app.pendingSignIns.clear() } catch { app.console.error(error.message) }
    return app.console.fail(failure)
  }
}
