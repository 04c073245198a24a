import LoginCore
import LoginLogicControl
import UserModel

/// A sign-in and sign-up screen that records what the logic controls report: the failures
/// shown and the users signed in. Shared by the identifier-rule suites.
@MainActor
final class LoginScreensRecorder: SignInLogicDelegate, SignUpLogicDelegate {
  var failures: [AuthFailure] = []
  var signedIn: [User] = []
  func signInLogicDidStart(_ control: SignInLogicControl) {}
  func signInLogic(_ control: SignInLogicControl, didFail failure: AuthFailure) {
    failures.append(failure)
  }
  func signInLogic(_ control: SignInLogicControl, needsCode code: CodeLogicControl) {}
  func signUpLogicDidStart(_ control: SignUpLogicControl) {}
  func signUpLogic(_ control: SignUpLogicControl, didFail failure: AuthFailure) {
    failures.append(failure)
  }
  func loginLogic(_ c: any LoginFlowControl, didSignIn user: User, route: LoginRoute) {
    signedIn.append(user)
  }
}
