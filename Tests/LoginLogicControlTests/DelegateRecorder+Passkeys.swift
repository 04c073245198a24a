import LoginCore
import LoginLogicControl

extension DelegateRecorder: PasskeySignInLogicDelegate {
  func passkeySignInLogicDidStart(_ control: PasskeySignInLogicControl) {
    calls.append(.passkeyStarted)
  }

  func passkeySignInLogicIsWaitingForAuthenticator(_ control: PasskeySignInLogicControl) {
    calls.append(.passkeyWaiting)
  }

  func passkeySignInLogicDidCancel(_ control: PasskeySignInLogicControl) {
    calls.append(.passkeyCancelled)
  }

  func passkeySignInLogic(_ control: PasskeySignInLogicControl, foundNoPasskey message: String) {
    calls.append(.noPasskey(message: message))
  }

  func passkeySignInLogic(
    _ control: PasskeySignInLogicControl, didFail failure: AuthFailure, message: String
  ) {
    calls.append(.passkeyFailed(failure, message: message))
  }
}

extension DelegateRecorder: PasskeysLogicDelegate {
  func passkeysLogicDidStart(_ control: PasskeysLogicControl) {
    calls.append(.passkeysStarted)
  }

  func passkeysLogic(_ control: PasskeysLogicControl, didLoad passkeys: [Passkey]) {
    calls.append(.passkeysLoaded(passkeys))
  }

  func passkeysLogic(
    _ control: PasskeysLogicControl, didChange change: PasskeysLogicControl.Change
  ) {
    calls.append(.passkeysChanged(change))
  }

  func passkeysLogic(_ control: PasskeysLogicControl, needsFreshSignInToAdd name: String) {
    calls.append(.freshSignInNeeded(name: name))
  }

  func passkeysLogic(
    _ control: PasskeysLogicControl, didFail failure: AuthFailure, message: String
  ) {
    calls.append(.passkeysFailed(failure, message: message))
  }
}
