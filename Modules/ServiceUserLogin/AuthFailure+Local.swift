import LoginCore
import ServiceUser
import UserModel

/// The failures this device causes, in the one vocabulary of `AuthFailure`.
extension AuthFailure {
  /// A form the rules refuse before anything is sent.
  init(_ problem: CredentialProblem) {
    self = .refused(.invalidForm(problem))
  }
}
