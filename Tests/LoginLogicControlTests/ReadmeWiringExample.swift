import LoginCore
import LoginLogicControl
import LoginViewModel
import UserModel

// The README's "Wiring a screen" example, kept compiling and exercised by
// ReadmeWiringExampleTests. The closures and navigation record into `shown` instead of
// touching UIKit views.

// README example begins
@MainActor
final class SignInScreen: SignInLogicDelegate {
  let form: SignInViewModel
  let logic: SignInLogicControl
  var shown: [String] = []  // stands in for labels, buttons and navigation

  init(environment: LoginEnvironment, last: String?, entry: LoginEntryPoint = .welcome) {
    form = SignInViewModel(lastIdentifier: last, identifierRule: environment.identifierRule)
    logic = SignInLogicControl(environment: environment, entryPoint: entry)
    logic.delegate = self
    form.onSignInEnabledChange = { [unowned self] in shown.append("button enabled: \($0)") }
    form.onIdentifierErrorChange = { [unowned self] in shown.append("error: \($0 ?? "none")") }
  }

  // Input events go to the view model; the tap goes to the logic control.
  func identifierTyped(_ text: String) { form.identifierChanged(text) }
  func passwordTyped(_ text: String) { form.passwordChanged(text) }
  func signInTapped() -> Task<Void, Never>? {
    logic.signIn(identifier: form.credentials.identifier, password: form.credentials.password)
  }

  // The logic control decides; the screen only shows and navigates.
  func signInLogicDidStart(_ control: SignInLogicControl) { form.setLoading(true) }
  func signInLogic(_ control: SignInLogicControl, didFail failure: AuthFailure) {
    form.setLoading(false)
    shown.append("alert: \(failure.message)")
  }
  func signInLogic(_ control: SignInLogicControl, needsCode code: CodeLogicControl) {
    shown.append("push code screen")
  }
  func loginLogic(_ c: any LoginFlowControl, didSignIn user: User, route: LoginRoute) {
    switch route {
    case .homeAsRoot(let home): shown.append("root: \(home) home")
    case .backToFeature(let feature): shown.append("back to \(feature.id)")
    case .homeInstead(_, let home):
      shown.append("root: \(home) home, alert: \(route.message ?? "")")
    }
  }
}
// README example ends
