import LoginViewModel
import Testing
import UserModel

@MainActor
@Suite("SignUpViewModel")
struct SignUpViewModelTests {
  @Test("a new form is a member with nothing shown, and attaching closures fires nothing")
  func initialState() {
    let model = SignUpViewModel(type: .member)
    let log = ViewEventLog.recording(model)
    #expect(model.selectedType == .member && !model.isSignUpEnabled)
    #expect(model.identifierError == nil && model.passwordError == nil && model.nameError == nil)
    #expect(model.passwordStrength == nil)
    #expect(SignUpViewModel(type: .admin).selectedType == .admin)
    #expect(log.events == [])
  }

  @Test("the strength hint goes weak, fair, strong while typing and back while deleting")
  func strengthProgression() {
    let model = SignUpViewModel(type: .member)
    model.identifierChanged("ann@example.com")
    let log = ViewEventLog.recording(model)
    typeCharacters("trail3rs-Go!", into: model.passwordChanged)
    #expect(
      log.take() == [
        .passwordStrength(.weak),  // "t"
        .passwordStrength(.fair), .signUpEnabled(true),  // "trail3rs": 8 characters
        .passwordStrength(.strong),  // "trail3rs-Go!": 12 characters of four kinds
      ])
    let typed = "trail3rs-Go!"
    for length in stride(from: typed.count - 1, through: 0, by: -1) {
      model.passwordChanged(String(typed.prefix(length)))
    }
    #expect(
      log.take() == [
        .passwordStrength(.fair),  // "trail3rs-Go"
        .passwordStrength(.weak), .signUpEnabled(false),  // "trail3r"
        .passwordStrength(nil),  // ""
      ])
  }

  @Test("a finished password shows its first problem and follows each change")
  func passwordErrors() {
    // Rules that ask for a digit, as a server may; the default asks for no kinds.
    let rules = CredentialRules(requiredPasswordCharacters: [.letter, .digit])
    let model = SignUpViewModel(type: .member, credentialRules: rules)
    let log = ViewEventLog.recording(model)
    model.passwordChanged("abc")
    model.passwordEditingEnded()
    model.passwordChanged("abcdefgh")
    model.passwordChanged("abcdefgh1")
    #expect(
      log.events == [
        .passwordStrength(.weak), .passwordError(Message.passwordTooShort),
        .passwordError(Message.passwordNoDigit), .passwordError(nil), .passwordStrength(.fair),
      ])
  }

  @Test("name errors show at once: 51 scalars, a control character; emoji and 50 are fine")
  func nameErrors() {
    let model = SignUpViewModel(type: .member)
    let log = ViewEventLog.recording(model)
    model.nameChanged(String(repeating: "n", count: 50))
    model.nameChanged(String(repeating: "n", count: 51))
    model.nameChanged("Ann\nSmith")
    model.nameChanged("Ann 🚕")
    model.nameChanged(String(repeating: "👩‍👩‍👧‍👦", count: 8))
    model.nameChanged("")
    #expect(
      log.events == [
        .nameError(Message.nameTooLong), .nameError(Message.nameControl), .nameError(nil),
        .nameError(Message.nameTooLong), .nameError(nil),
      ])
  }

  @Test("a whole form: pasted email, non-ASCII name, admin, then a bad name disables it")
  func wholeForm() throws {
    let model = SignUpViewModel(type: .member)
    let log = ViewEventLog.recording(model)
    model.identifierChanged(" Zoë@Example.com ")
    model.identifierEditingEnded()
    model.passwordChanged("kängurú7")
    model.passwordEditingEnded()
    model.nameChanged("Zoë")
    model.typeSelected(.admin)
    model.typeSelected(.admin)
    #expect(
      log.take() == [
        .passwordStrength(.fair), .signUpEnabled(true), .selectedType(.admin),
      ])
    #expect(
      try CredentialRules.default.validated(model.credentials)
        == SignUpCredentials(
          identifier: "zoë@example.com", password: "kängurú7", name: "Zoë", type: .admin))
    model.nameChanged("Zoë\t")
    #expect(log.take() == [.nameError(Message.nameControl), .signUpEnabled(false)])
    model.nameChanged("")
    #expect(log.take() == [.nameError(nil), .signUpEnabled(true)])
    #expect(model.credentials.name == nil)
  }

  @Test("1,000-character inputs: email and name refused, a long password is strong")
  func longInputs() {
    let model = SignUpViewModel(type: .member)
    let log = ViewEventLog.recording(model)
    model.identifierChanged(String(repeating: "a", count: 988) + "@example.com")
    model.identifierEditingEnded()
    model.nameChanged(String(repeating: "é", count: 1_000))
    model.passwordChanged(String(repeating: "Ab1-", count: 250))
    #expect(
      log.events == [
        .identifierError(Message.emailTooLong), .nameError(Message.nameTooLong),
        .passwordStrength(.strong),
      ])
    #expect(!model.isSignUpEnabled)
  }

  @Test("clearing a finished email asks for it; whitespace inside is refused")
  func clearingEmail() {
    let model = SignUpViewModel(type: .member)
    model.passwordChanged("trail3rs")
    let log = ViewEventLog.recording(model)
    model.identifierChanged("ann@example.com")
    model.identifierEditingEnded()
    model.identifierChanged("ann @example.com")
    model.identifierChanged("")
    #expect(
      log.events == [
        .signUpEnabled(true), .identifierError(Message.emailWhitespace), .signUpEnabled(false),
        .identifierError(Message.enterEmail),
      ])
  }

  @Test("loading disables the button and re-enables it")
  func loading() {
    let model = SignUpViewModel(type: .admin)
    model.identifierChanged("ann@example.com")
    model.passwordChanged("trail3rs")
    let log = ViewEventLog.recording(model)
    model.setLoading(true)
    model.typeSelected(.member)
    model.setLoading(false)
    #expect(
      log.events == [
        .loading(true), .signUpEnabled(false), .selectedType(.member), .loading(false),
        .signUpEnabled(true),
      ])
  }
}
