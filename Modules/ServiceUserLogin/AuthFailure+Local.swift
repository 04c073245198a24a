import LoginCore
import ServiceUser
import UserModel

/// The failures this device causes, in the one vocabulary of `AuthFailure`.
extension AuthFailure {
  /// A form the rules refuse before anything is sent.
  init(_ problem: CredentialProblem) {
    self = .refused(.invalidForm(problem))
  }

  /// A failure to record or read the session on this device. An account database written
  /// by a newer version of the app is refused (only an update helps); anything else is
  /// unavailable, with the detail for a log.
  init(_ error: ServiceUserError) {
    switch error {
    case .notSignedIn: self = .refused(.notSignedIn)
    case .accountDatabaseTooNew: self = .refused(.updateRequired)
    default: self = .unavailable(.storage(error.message))
    }
  }
}
