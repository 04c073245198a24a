import LoginViewModel
import Testing
import UserModel

@MainActor
@Suite("SignInViewModel")
struct SignInViewModelTests {
  @Test("a new empty form is disabled with no errors, and attaching closures fires nothing")
  func initialState() {
    let model = SignInViewModel(lastEmail: nil)
    let log = ViewEventLog.recording(model)
    #expect(!model.isSignInEnabled && !model.isLoading)
    #expect(model.emailError == nil && model.passwordError == nil)
    #expect(model.emailText == "")
    #expect(log.events == [])
  }

  @Test("the last email pre-fills, so typing one password character enables sign-in")
  func lastEmailPrefills() {
    let model = SignInViewModel(lastEmail: "ann@example.com")
    let log = ViewEventLog.recording(model)
    #expect(model.emailText == "ann@example.com" && !model.isSignInEnabled)
    typeCharacters("pw", into: model.passwordChanged)
    #expect(log.take() == [.signInEnabled(true)])
    #expect(model.credentials == SignInCredentials(email: "ann@example.com", password: "pw"))
  }

  @Test("typing an email character by character enables sign-in once, scolding nothing")
  func typingEmail() {
    let model = SignInViewModel(lastEmail: nil)
    let log = ViewEventLog.recording(model)
    model.passwordChanged("secret")
    typeCharacters("ann@example.com", into: model.emailChanged)
    model.emailEditingEnded()
    model.passwordEditingEnded()
    // "ann@example.c" is the first well-formed prefix; later characters keep it well formed.
    #expect(log.events == [.signInEnabled(true)])
  }

  @Test("after the field was finished, its error follows every keystroke until it is fixed")
  func errorAfterEditingEnded() {
    let model = SignInViewModel(lastEmail: nil)
    let log = ViewEventLog.recording(model)
    model.passwordChanged("secret")
    typeCharacters("ann", into: model.emailChanged)
    #expect(log.take() == [])
    model.emailEditingEnded()
    #expect(log.take() == [.emailError(Message.missingAt)])
    for text in ["ann@", "ann@e", "ann@example", "ann@example.", "ann@example.c"] {
      model.emailChanged(text)
    }
    #expect(
      log.take() == [
        .emailError(Message.invalidDomain), .emailError(nil), .signInEnabled(true),
      ])
    #expect(model.emailError == nil && model.isSignInEnabled)
  }

  @Test("a pasted email with spaces and a line break around it is valid")
  func pastedEmail() throws {
    let model = SignInViewModel(lastEmail: nil)
    let log = ViewEventLog.recording(model)
    model.emailChanged("  Ann@Example.com \n")
    model.emailEditingEnded()
    model.passwordChanged("hunter22")
    #expect(log.events == [.signInEnabled(true)])
    #expect(model.credentials.email == "  Ann@Example.com \n")
    #expect(try CredentialRules.validated(model.credentials).email == "ann@example.com")
  }

  @Test("non-ASCII emails: a valid one enables, one without a dotted domain shows why")
  func nonASCII() {
    let model = SignInViewModel(lastEmail: nil)
    let log = ViewEventLog.recording(model)
    model.passwordChanged("пароль")
    typeCharacters("zoë@exämple.com", into: model.emailChanged)
    #expect(log.take() == [.signInEnabled(true)])
    model.emailChanged("用户@例子")
    model.emailEditingEnded()
    model.emailChanged("用户@例子.中国")
    #expect(
      log.take() == [
        .signInEnabled(false), .emailError(Message.invalidDomain), .emailError(nil),
        .signInEnabled(true),
      ])
  }

  @Test("a 1,000-character email is too long; a 1,000-character password is fine")
  func longInput() {
    let model = SignInViewModel(lastEmail: nil)
    let log = ViewEventLog.recording(model)
    let longEmail = String(repeating: "a", count: 988) + "@example.com"
    #expect(longEmail.count == 1_000)
    model.passwordChanged(String(repeating: "p", count: 1_000))
    model.emailChanged(longEmail)
    model.emailEditingEnded()
    #expect(log.take() == [.emailError(Message.emailTooLong)])
    model.emailChanged("ann@example.com")
    #expect(log.take() == [.emailError(nil), .signInEnabled(true)])
  }

  @Test("clearing a finished field disables sign-in and asks for it; untouched, it asks nothing")
  func clearingFields() {
    let model = SignInViewModel(lastEmail: "ann@example.com")
    let log = ViewEventLog.recording(model)
    model.passwordChanged("secret")
    model.passwordChanged("")
    #expect(log.take() == [.signInEnabled(true), .signInEnabled(false)])
    model.passwordEditingEnded()
    model.passwordChanged("secret")
    #expect(
      log.take() == [
        .passwordError(Message.enterPassword), .passwordError(nil), .signInEnabled(true),
      ])
    model.emailEditingEnded()
    model.emailChanged("")
    #expect(log.take() == [.emailError(Message.enterEmail), .signInEnabled(false)])
  }

  @Test("loading disables the button, a repeated state fires nothing, and it re-enables")
  func loading() {
    let model = SignInViewModel(lastEmail: "ann@example.com")
    let log = ViewEventLog.recording(model)
    model.passwordChanged("secret")
    model.setLoading(true)
    model.setLoading(true)
    model.passwordChanged("secret2")
    model.setLoading(false)
    #expect(
      log.events == [
        .signInEnabled(true), .loading(true), .signInEnabled(false), .loading(false),
        .signInEnabled(true),
      ])
    #expect(!model.isLoading && model.isSignInEnabled)
  }

  @Test("the same text twice, or an editing-ended twice, fires nothing the second time")
  func noRepeats() {
    let model = SignInViewModel(lastEmail: nil)
    let log = ViewEventLog.recording(model)
    model.emailChanged("ann")
    model.emailEditingEnded()
    model.emailEditingEnded()
    model.emailChanged("ann")
    model.emailChanged("bob")
    #expect(log.events == [.emailError(Message.missingAt)])
  }
}
