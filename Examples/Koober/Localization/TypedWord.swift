import Localization

/// A word a person types instead of an answer (`back`, `resend`, `yes`, …). Its English word
/// always works, as scripts and the English screens spell it; so does its word in the
/// language shown, e.g. `返回` for `back`.
enum TypedWord: Hashable {
  /// Leaves the form.
  case back
  /// Goes from sign-in to sign-up.
  case signUp
  /// Asks for a new one-time code.
  case resend
  /// Loads the driver's queue again.
  case refresh
  /// Confirms a question.
  case yes

  /// The English word, which works in every language.
  var english: String {
    switch self {
    case .back: "back"
    case .signUp: "sign up"
    case .resend: "resend"
    case .refresh: "refresh"
    case .yes: "yes"
    }
  }

  /// The word in the language shown.
  var shown: String {
    switch self {
    case .back: TextTable.koober.text("word.back")
    case .signUp: TextTable.koober.text("word.signUp")
    case .resend: TextTable.koober.text("word.resend")
    case .refresh: TextTable.koober.text("word.refresh")
    case .yes: TextTable.koober.text("word.yes")
    }
  }

  /// Whether `answer` is this word, in English or in the language shown (any case).
  /// - Parameter answer: What was typed.
  func matches(_ answer: String) -> Bool {
    let typed = answer.lowercased()
    return typed == english || typed == shown.lowercased()
  }
}
