import LoginViewModel
import TestSupport
import Testing
import UserModel

@MainActor
@Suite("Login view models may be read back from their own closures")
struct ReadBackTests {
  @Test("sign-in: every closure reads every output back while every input is driven")
  func signIn() {
    let model = SignInViewModel(lastIdentifier: nil)
    let probe = ReadBackProbe { [unowned model] in
      [
        "identifierError": "\(model.identifierError as Any)",
        "passwordError": "\(model.passwordError as Any)", "isLoading": "\(model.isLoading)",
        "isSignInEnabled": "\(model.isSignInEnabled)",
        "credentials": "\(model.credentials)", "identifierText": model.identifierText,
      ]
    }
    model.onIdentifierErrorChange = { probe.heard("identifierError", $0 as Any) }
    model.onPasswordErrorChange = { probe.heard("passwordError", $0 as Any) }
    model.onLoadingChange = { probe.heard("isLoading", $0) }
    model.onSignInEnabledChange = { probe.heard("isSignInEnabled", $0) }

    probe.drive("identifier typed") { model.identifierChanged("ann") }
    probe.drive("identifier finished") { model.identifierEditingEnded() }
    probe.drive("identifier fixed") { model.identifierChanged("ann@example.com") }
    probe.drive("password typed") { model.passwordChanged("x") }
    probe.drive("password emptied") { model.passwordChanged("") }
    probe.drive("password finished") { model.passwordEditingEnded() }
    probe.drive("password fixed") { model.passwordChanged("trail3rs") }
    probe.drive("loading") { model.setLoading(true) }
    probe.drive("loaded") { model.setLoading(false) }

    #expect(probe.problems == [])
    #expect(probe.told == ["identifierError", "passwordError", "isLoading", "isSignInEnabled"])
  }

  @Test("sign-up: every closure reads every output back while every input is driven")
  func signUp() {
    let model = SignUpViewModel(type: .member)
    let probe = ReadBackProbe { [unowned model] in
      [
        "identifierError": "\(model.identifierError as Any)",
        "passwordError": "\(model.passwordError as Any)",
        "passwordStrength": "\(model.passwordStrength as Any)",
        "nameError": "\(model.nameError as Any)", "selectedType": "\(model.selectedType)",
        "isLoading": "\(model.isLoading)", "isSignUpEnabled": "\(model.isSignUpEnabled)",
        "credentials": "\(model.credentials)", "identifierText": model.identifierText,
      ]
    }
    model.onIdentifierErrorChange = { probe.heard("identifierError", $0 as Any) }
    model.onPasswordErrorChange = { probe.heard("passwordError", $0 as Any) }
    model.onPasswordStrengthChange = { probe.heard("passwordStrength", $0 as Any) }
    model.onNameErrorChange = { probe.heard("nameError", $0 as Any) }
    model.onSelectedTypeChange = { probe.heard("selectedType", $0) }
    model.onLoadingChange = { probe.heard("isLoading", $0) }
    model.onSignUpEnabledChange = { probe.heard("isSignUpEnabled", $0) }

    probe.drive("identifier typed") { model.identifierChanged("ann@") }
    probe.drive("identifier finished") { model.identifierEditingEnded() }
    probe.drive("identifier fixed") { model.identifierChanged("ann@example.com") }
    probe.drive("password typed") { model.passwordChanged("abc") }
    probe.drive("password finished") { model.passwordEditingEnded() }
    probe.drive("password fixed") { model.passwordChanged("trail3rs") }
    probe.drive("name broken") { model.nameChanged("Ann\nSmith") }
    probe.drive("name fixed") { model.nameChanged("Ann") }
    probe.drive("type chosen") { model.typeSelected(.admin) }
    probe.drive("loading") { model.setLoading(true) }
    probe.drive("loaded") { model.setLoading(false) }
    probe.drive("password emptied") { model.passwordChanged("") }

    #expect(probe.problems == [])
    #expect(
      probe.told == [
        "identifierError", "passwordError", "passwordStrength", "nameError", "selectedType",
        "isLoading", "isSignUpEnabled",
      ])
  }

  @Test("code: every closure reads every output back while every input is driven")
  func code() {
    let model = CodeViewModel(remainingSeconds: 60)
    let probe = ReadBackProbe { [unowned model] in
      [
        "isVerifyEnabled": "\(model.isVerifyEnabled)", "codeError": "\(model.codeError as Any)",
        "countdownText": model.countdownText,
        "attemptsLeftText": "\(model.attemptsLeftText as Any)",
        "isLoading": "\(model.isLoading)", "code": model.code,
      ]
    }
    model.onVerifyEnabledChange = { probe.heard("isVerifyEnabled", $0) }
    model.onCodeErrorChange = { probe.heard("codeError", $0 as Any) }
    model.onCountdownTextChange = { probe.heard("countdownText", $0) }
    model.onAttemptsLeftTextChange = { probe.heard("attemptsLeftText", $0 as Any) }
    model.onLoadingChange = { probe.heard("isLoading", $0) }

    probe.drive("letters") { model.codeChanged("12a") }
    probe.drive("six digits") { model.codeChanged("123 456") }
    probe.drive("tick") { model.remainingSecondsChanged(59) }
    probe.drive("wrong code") { model.attemptsLeftChanged(2) }
    probe.drive("loading") { model.setLoading(true) }
    probe.drive("loaded") { model.setLoading(false) }
    probe.drive("expired") { model.remainingSecondsChanged(0) }

    #expect(probe.problems == [])
    #expect(
      probe.told == [
        "isVerifyEnabled", "codeError", "countdownText", "attemptsLeftText", "isLoading",
      ])
  }

  /// The outputs every provider screen has, read back.
  static func providerOutputs(_ model: ProviderSignInViewModel) -> [String: String] {
    [
      "isStartEnabled": "\(model.isStartEnabled)", "isCancelEnabled": "\(model.isCancelEnabled)",
      "statusText": "\(model.statusText as Any)", "errorText": "\(model.errorText as Any)",
    ]
  }

  static func listen(_ model: ProviderSignInViewModel, _ probe: ReadBackProbe) {
    model.onStartEnabledChange = { probe.heard("isStartEnabled", $0) }
    model.onCancelEnabledChange = { probe.heard("isCancelEnabled", $0) }
    model.onStatusTextChange = { probe.heard("statusText", $0 as Any) }
    model.onErrorTextChange = { probe.heard("errorText", $0 as Any) }
  }

  @Test("browser: every closure reads every output back while every input is driven")
  func browser() {
    let model = BrowserSignInViewModel()
    let probe = ReadBackProbe { [unowned model] in Self.providerOutputs(model) }
    Self.listen(model, probe)

    probe.drive("started") { model.started() }
    probe.drive("waiting") { model.waitingForBrowser() }
    probe.drive("failed") { model.failed("You did not allow the sign-in at the provider.") }
    probe.drive("started again") { model.started() }
    probe.drive("cancelled") { model.cancelled() }
    probe.drive("started a third time") { model.started() }
    probe.drive("signed in") { model.signedIn() }

    #expect(probe.problems == [])
    #expect(probe.told == ["isStartEnabled", "isCancelEnabled", "statusText", "errorText"])
  }

  /// The outputs of the device screen, read back.
  static func deviceOutputs(_ model: DeviceSignInViewModel) -> [String: String] {
    providerOutputs(model).merging([
      "codeText": "\(model.codeText as Any)", "addressText": "\(model.addressText as Any)",
      "countdownText": "\(model.countdownText as Any)",
    ]) { $1 }
  }

  static func listen(device model: DeviceSignInViewModel, _ probe: ReadBackProbe) {
    listen(model, probe)
    model.onCodeTextChange = { probe.heard("codeText", $0 as Any) }
    model.onAddressTextChange = { probe.heard("addressText", $0 as Any) }
    model.onCountdownTextChange = { probe.heard("countdownText", $0 as Any) }
  }

  @Test("device: every closure reads every output back while every input is driven")
  func device() {
    let model = DeviceSignInViewModel()
    let probe = ReadBackProbe { [unowned model] in Self.deviceOutputs(model) }
    Self.listen(device: model, probe)

    let address = "https://id.example/device"
    probe.drive("started") { model.started() }
    probe.drive("code shown") {
      model.show(userCode: "WDJB-MJHT", address: address, secondsLeft: 2)
    }
    probe.drive("tick") { model.remainingSecondsChanged(1) }
    probe.drive("expired") { model.remainingSecondsChanged(0) }
    probe.drive("failed") { model.failed("The code expired before it was used.") }
    probe.drive("started again") { model.started() }
    probe.drive("shown again") {
      model.show(userCode: "ABCD-EFGH", address: address, secondsLeft: 9)
    }
    probe.drive("cancelled") { model.cancelled() }
    probe.drive("started a third time") { model.started() }
    probe.drive("shown a third time") {
      model.show(userCode: "X", address: address, secondsLeft: 9)
    }
    probe.drive("signed in") { model.signedIn() }

    #expect(probe.problems == [])
    #expect(
      probe.told == [
        "isStartEnabled", "isCancelEnabled", "statusText", "errorText", "codeText",
        "addressText", "countdownText",
      ])
  }

  @Test("an input sent from inside a closure is told after the event that caused it, in order")
  func inputFromClosure() {
    let model = SignInViewModel(lastIdentifier: "ann@example.com")
    var told: [String] = []
    model.onLoadingChange = { told.append("loading \($0)") }
    model.onSignInEnabledChange = { [unowned model] enabled in
      told.append("enabled \(enabled)")
      // A view that starts the request the moment the button enables.
      if enabled { model.setLoading(true) }
    }
    model.passwordChanged("trail3rs")
    #expect(told == ["enabled true", "loading true", "enabled false"])
    #expect(model.isLoading && !model.isSignInEnabled)
  }
}
