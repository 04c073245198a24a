import Localization

extension CodeViewModel {
  /// What the code field holds once whitespace is dropped and digits are made ASCII, and the
  /// error to show, if any.
  struct CodeReading: Equatable {
    var digits: String
    var problem: String?
  }

  static func read(code text: String) -> CodeReading {
    var digits = ""
    var hasOther = false
    for scalar in text.unicodeScalars where !scalar.properties.isWhitespace {
      if scalar.properties.numericType == .decimal,
        let value = scalar.properties.numericValue, let ascii = digitCharacter(value)
      {
        digits.append(ascii)
      } else {
        hasOther = true
      }
    }
    if hasOther {
      return CodeReading(digits: digits, problem: TextTable.loginViewModel.text("code.digitsOnly"))
    }
    if digits.count > codeLength {
      let problem = TextTable.loginViewModel.text("code.tooLong", ["length": "\(codeLength)"])
      return CodeReading(digits: digits, problem: problem)
    }
    return CodeReading(digits: digits, problem: nil)
  }

  /// `m:ss`, e.g. 60 → `1:00`, 59 → `0:59`, 0 → `0:00`.
  static func countdownText(forRemainingSeconds seconds: Int) -> String {
    let seconds = max(0, seconds)
    let secondsPart = seconds % 60
    return "\(seconds / 60):" + (secondsPart < 10 ? "0" : "") + "\(secondsPart)"
  }

  static func attemptsLeftText(_ attemptsLeft: Int) -> String {
    attemptsLeft == 0
      ? TextTable.loginViewModel.text("code.noAttemptsLeft")
      : TextTable.loginViewModel.counted("code.attemptsLeft", attemptsLeft, as: "left")
  }

  private static func digitCharacter(_ value: Double) -> Character? {
    guard value >= 0, value <= 9, value == value.rounded() else { return nil }
    return Character(String(Int(value)))
  }
}
