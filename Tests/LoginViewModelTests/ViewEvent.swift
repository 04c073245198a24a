import LoginViewModel
import UserModel

/// One closure call of a view model, so a test can assert the whole ordered list of calls.
enum ViewEvent: Equatable {
  case signInEnabled(Bool)
  case signUpEnabled(Bool)
  case verifyEnabled(Bool)
  case identifierError(String?)
  case passwordError(String?)
  case passwordStrength(PasswordStrength?)
  case nameError(String?)
  case selectedType(UserType)
  case codeError(String?)
  case countdown(String)
  case attemptsLeft(String?)
  case loading(Bool)
}

/// Every closure of one view model, recorded in call order.
@MainActor
final class ViewEventLog {
  private(set) var events: [ViewEvent] = []

  /// Returns the events recorded since the last call and starts a new list, so a test can
  /// assert one step of a sequence at a time.
  func take() -> [ViewEvent] {
    defer { events = [] }
    return events
  }

  func append(_ event: ViewEvent) {
    events.append(event)
  }

  static func recording(_ model: SignInViewModel) -> ViewEventLog {
    let log = ViewEventLog()
    model.onSignInEnabledChange = { log.append(.signInEnabled($0)) }
    model.onIdentifierErrorChange = { log.append(.identifierError($0)) }
    model.onPasswordErrorChange = { log.append(.passwordError($0)) }
    model.onLoadingChange = { log.append(.loading($0)) }
    return log
  }

  static func recording(_ model: SignUpViewModel) -> ViewEventLog {
    let log = ViewEventLog()
    model.onSignUpEnabledChange = { log.append(.signUpEnabled($0)) }
    model.onIdentifierErrorChange = { log.append(.identifierError($0)) }
    model.onPasswordErrorChange = { log.append(.passwordError($0)) }
    model.onPasswordStrengthChange = { log.append(.passwordStrength($0)) }
    model.onNameErrorChange = { log.append(.nameError($0)) }
    model.onSelectedTypeChange = { log.append(.selectedType($0)) }
    model.onLoadingChange = { log.append(.loading($0)) }
    return log
  }

  static func recording(_ model: CodeViewModel) -> ViewEventLog {
    let log = ViewEventLog()
    model.onVerifyEnabledChange = { log.append(.verifyEnabled($0)) }
    model.onCodeErrorChange = { log.append(.codeError($0)) }
    model.onCountdownTextChange = { log.append(.countdown($0)) }
    model.onAttemptsLeftTextChange = { log.append(.attemptsLeft($0)) }
    model.onLoadingChange = { log.append(.loading($0)) }
    return log
  }
}

/// Feeds a text to a field the way a keyboard does: one character more per event.
@MainActor
func typeCharacters(_ text: String, into field: (String) -> Void) {
  var typed = ""
  for character in text {
    typed.append(character)
    field(typed)
  }
}

/// The messages the models show, spelled out so a changed text fails a test.
enum Message {
  static let enterEmail = "Enter your email address."
  static let missingAt = "An email address needs an @, as in ann@example.com."
  static let invalidDomain = "After the @ comes a domain with a dot, as in example.com."
  static let emailTooLong = "An email address can have at most 254 characters."
  static let emailWhitespace = "An email address cannot contain spaces."
  static let enterPassword = "Enter a password."
  static let passwordTooShort = "Use at least 8 characters."
  static let passwordNoDigit = "Add at least one digit (0–9)."
  static let nameTooLong = "A name can have at most 50 characters."
  static let nameControl = "A name cannot contain line breaks, tabs or other control characters."
  static let digitsOnly = "Enter digits only."
  static let sixDigits = "The code has 6 digits."
}
