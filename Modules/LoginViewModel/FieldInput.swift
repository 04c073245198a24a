/// A text field's latest value and whether its error may show yet (the rule is described on
/// `CredentialsFormViewModel`).
struct FieldInput {
  var text: String
  var isRevealed = false

  init(text: String = "") {
    self.text = text
  }

  /// The error text to show: the problem's message once revealed, else `nil`.
  func error(_ message: (String) -> String?) -> String? {
    isRevealed ? message(text) : nil
  }
}
