import LoginViewModel
import Testing
import UserModel

@MainActor
@Suite("SignInViewModel")
struct SignInViewModelTests {
  @Test("a new empty form is disabled with no errors, and attaching closures fires nothing")
  func initialState() {
    let model = SignInViewModel(lastIdentifier: nil)
    let log = ViewEventLog.recording(model)
    #expect(!model.isSignInEnabled && !model.isLoading)
    #expect(model.identifierError == nil && model.passwordError == nil)
    #expect(model.identifierText == "")
    #expect(log.events == [])
  }

  @Test("the last email pre-fills, so typing one password character enables sign-in")
  func lastEmailPrefills() {
    let model = SignInViewModel(lastIdentifier: "ann@example.com")
    let log = ViewEventLog.recording(model)
    #expect(model.identifierText == "ann@example.com" && !model.isSignInEnabled)
    typeCharacters("pw", into: model.passwordChanged)
    #expect(log.take() == [.signInEnabled(true)])
    #expect(model.credentials == SignInCredentials(identifier: "ann@example.com", password: "pw"))
  }

  @Test("typing an email character by character enables sign-in once, scolding nothing")
  func typingEmail() {
    let model = SignInViewModel(lastIdentifier: nil)
    let log = ViewEventLog.recording(model)
    model.passwordChanged("secret")
    typeCharacters("ann@example.com", into: model.identifierChanged)
    model.identifierEditingEnded()
    model.passwordEditingEnded()
    // "ann@example.c" is the first well-formed prefix; later characters keep it well formed.
    #expect(log.events == [.signInEnabled(true)])
  }

  @Test("after the field was finished, its error follows every keystroke until it is fixed")
  func errorAfterEditingEnded() {
    let model = SignInViewModel(lastIdentifier: nil)
    let log = ViewEventLog.recording(model)
    model.passwordChanged("secret")
    typeCharacters("ann", into: model.identifierChanged)
    #expect(log.take() == [])
    model.identifierEditingEnded()
    #expect(log.take() == [.identifierError(Message.missingAt)])
    for text in ["ann@", "ann@e", "ann@example", "ann@example.", "ann@example.c"] {
      model.identifierChanged(text)
    }
    #expect(
      log.take() == [
        .identifierError(Message.invalidDomain), .identifierError(nil), .signInEnabled(true),
      ])
    #expect(model.identifierError == nil && model.isSignInEnabled)
  }

  @Test("a pasted email with spaces and a line break around it is valid")
  func pastedEmail() throws {
    let model = SignInViewModel(lastIdentifier: nil)
    let log = ViewEventLog.recording(model)
    model.identifierChanged("  Ann@Example.com \n")
    model.identifierEditingEnded()
    model.passwordChanged("hunter22")
    #expect(log.events == [.signInEnabled(true)])
    #expect(model.credentials.identifier == "  Ann@Example.com \n")
    #expect(try CredentialRules.validated(model.credentials).identifier == "ann@example.com")
  }

  @Test("non-ASCII emails: a valid one enables, one without a dotted domain shows why")
  func nonASCII() {
    let model = SignInViewModel(lastIdentifier: nil)
    let log = ViewEventLog.recording(model)
    model.passwordChanged("пароль")
    typeCharacters("zoë@exämple.com", into: model.identifierChanged)
    #expect(log.take() == [.signInEnabled(true)])
    model.identifierChanged("用户@例子")
    model.identifierEditingEnded()
    model.identifierChanged("用户@例子.中国")
    #expect(
      log.take() == [
        .signInEnabled(false), .identifierError(Message.invalidDomain), .identifierError(nil),
        .signInEnabled(true),
      ])
  }

  @Test("a 1,000-character email is too long; a 1,000-character password is fine")
  func longInput() {
    let model = SignInViewModel(lastIdentifier: nil)
    let log = ViewEventLog.recording(model)
    let longEmail = String(repeating: "a", count: 988) + "@example.com"
    #expect(longEmail.count == 1_000)
    model.passwordChanged(String(repeating: "p", count: 1_000))
    model.identifierChanged(longEmail)
    model.identifierEditingEnded()
    #expect(log.take() == [.identifierError(Message.emailTooLong)])
    model.identifierChanged("ann@example.com")
    #expect(log.take() == [.identifierError(nil), .signInEnabled(true)])
  }

  @Test("clearing a finished field disables sign-in and asks for it; untouched, it asks nothing")
  func clearingFields() {
    let model = SignInViewModel(lastIdentifier: "ann@example.com")
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
    model.identifierEditingEnded()
    model.identifierChanged("")
    #expect(log.take() == [.identifierError(Message.enterEmail), .signInEnabled(false)])
  }

  @Test("loading disables the button, a repeated state fires nothing, and it re-enables")
  func loading() {
    let model = SignInViewModel(lastIdentifier: "ann@example.com")
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
    let model = SignInViewModel(lastIdentifier: nil)
    let log = ViewEventLog.recording(model)
    model.identifierChanged("ann")
    model.identifierEditingEnded()
    model.identifierEditingEnded()
    model.identifierChanged("ann")
    model.identifierChanged("bob")
    #expect(log.events == [.identifierError(Message.missingAt)])
  }
}
