import Localization
import LoginCore
import UserModel

extension PasskeysLogicControl {
  /// The sentence for a failed passkey request: for a name refused here or by the server,
  /// one about passkey names; else the failure's own.
  /// - Parameter failure: Why the request failed.
  /// - Returns: One sentence, in the language of the moment.
  public nonisolated static func message(for failure: AuthFailure) -> String {
    switch failure {
    case .refused(.invalidInput(.name, _)):
      TextTable.loginLogicControl.text(
        "passkeys.nameRule", ["maximum": "\(maximumNameLength)"])
    case .refused(.invalidForm(.name(.tooLong(let maximum)))):
      TextTable.loginLogicControl.text("passkeys.nameTooLong", ["maximum": "\(maximum)"])
    case .refused(.invalidForm(.name(.controlCharacter))):
      TextTable.loginLogicControl.text("passkeys.nameControlCharacter")
    default:
      failure.message
    }
  }
}
