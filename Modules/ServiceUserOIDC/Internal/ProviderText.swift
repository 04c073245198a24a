/// A provider's own text (an `error_description`, a claim value, a `token_type`) made safe to
/// put in the library's messages: control characters (ESC, NUL, line breaks), bidi controls
/// and invisible format characters are dropped, and the text is cut to `limit` characters.
/// A terminal, a log viewer or a screen then shows exactly what it says.
enum ProviderText {
  /// The cleaned text.
  /// - Parameters:
  ///   - text: The provider's text.
  ///   - limit: The most characters kept.
  /// - Returns: At most `limit` characters, none of them a control or format character.
  static func clean(_ text: some StringProtocol, limit: Int) -> String {
    var kept = String.UnicodeScalarView()
    var count = 0
    for scalar in text.unicodeScalars where count < limit {
      switch scalar.properties.generalCategory {
      case .control, .format, .lineSeparator, .paragraphSeparator, .surrogate, .unassigned:
        continue
      default:
        kept.append(scalar)
        count += 1
      }
    }
    return String(kept)
  }
}
