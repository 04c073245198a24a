/// A text field's latest value and whether its error may show yet.
///
/// The error rule ("punish late, reward early"): a field's error stays hidden while the person
/// is still typing it for the first time, so `a`, `an`, `ann@` are not scolded on the way to
/// `ann@example.com`; it shows once they finish the field (`…EditingEnded()`), and from then
/// on follows every change, so fixing the text clears it at once.
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
