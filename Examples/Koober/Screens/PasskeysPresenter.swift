import LoginCore
import LoginLogicControl
import LoginViewModel

/// The passkeys control's delegate, for the `koober passkey` commands and the "Passkeys"
/// screen alike: it keeps what the last request did (the change, the list, a fresh sign-in
/// asked for, a failure) and hands the list to the view model the screen draws.
@MainActor
final class PasskeysPresenter {
  /// What one request ended with.
  struct Report {
    /// The change the server made, if any.
    var change: PasskeysLogicControl.Change?
    /// The passkeys as read afterwards, if they could be.
    var passkeys: [Passkey]?
    /// The name of a passkey the server wants a fresh sign-in before adding.
    var freshSignInFor: String?
    /// The failure and its sentence, if the request failed.
    var failure: (AuthFailure, message: String)?
  }

  /// What the last request did so far.
  private(set) var report = Report()
  /// The rows the screen draws.
  let list = PasskeyListViewModel()

  /// Runs one request of the control and returns what it did.
  /// - Parameter request: Starts the request, e.g. `{ control.loadPasskeys() }`.
  /// - Returns: Its report; an ignored or refused-before-sending request reports only its
  ///   failure, if any.
  func run(_ request: () -> Task<Void, Never>?) async -> Report {
    report = Report()
    await request()?.value
    return report
  }
}

extension PasskeysPresenter: PasskeysLogicDelegate {
  func passkeysLogicDidStart(_ control: PasskeysLogicControl) {
    list.started()
  }

  func passkeysLogic(_ control: PasskeysLogicControl, didLoad passkeys: [Passkey]) {
    report.passkeys = passkeys
    list.passkeysChanged(
      passkeys.map {
        .init(id: $0.id, name: $0.name, createdAt: $0.createdAt, lastUsedAt: $0.lastUsedAt)
      })
  }

  func passkeysLogic(
    _ control: PasskeysLogicControl, didChange change: PasskeysLogicControl.Change
  ) {
    report.change = change
  }

  func passkeysLogic(_ control: PasskeysLogicControl, needsFreshSignInToAdd name: String) {
    report.freshSignInFor = name
  }

  func passkeysLogic(
    _ control: PasskeysLogicControl, didFail failure: AuthFailure, message: String
  ) {
    report.failure = (failure, message)
    list.failed(message)
  }
}
