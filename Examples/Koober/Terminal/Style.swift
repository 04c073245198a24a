/// The few ANSI styles the screens use; `Console` drops them when colour is off.
enum Style: String, Sendable {
  case bold = "\u{1B}[1m"
  case dim = "\u{1B}[2m"
  case red = "\u{1B}[31m"
  case green = "\u{1B}[32m"
  case cyan = "\u{1B}[36m"

  /// Ends every style.
  static let reset = "\u{1B}[0m"
}
