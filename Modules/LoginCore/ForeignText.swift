/// Text that came from outside the program (a server's message, a provider's
/// `error_description`, an issuer or claim it names) made safe to put in a failure's message
/// or description: those reach screens, terminals and logs, which obey what they are sent.
///
/// An escape sequence in a provider's text could clear a terminal or retitle its window, a
/// bell rings, a line break forges a second log line, and a bidi control reorders what
/// follows it so that `evil.example` reads as something else. So every such text goes
/// through ``clean(_:limit:)`` before it is shown, the same way everywhere: `AuthFailure`'s
/// `message` and `description` do it for the text their cases carry, and adapters do it
/// for each piece of a provider's text they put in a sentence, so that one long piece
/// cannot crowd out the rest.
///
/// ```swift
/// ForeignText.clean("bad\u{1B}]0;pwned\u{07}", limit: 40)   // "bad�]0;pwned�"
/// ForeignText.clean("https://\u{202E}elpmaxe.live", limit: 40)  // "https://�elpmaxe.live"
/// ```
public enum ForeignText {
  /// The longest text ``clean(_:limit:)`` keeps unless told otherwise, in Unicode scalars.
  public static let defaultLimit = 300

  /// What takes the place of a character that would act instead of being read: U+FFFD, so
  /// that what was hidden shows.
  public static let replacement: Unicode.Scalar = "\u{FFFD}"

  /// The text as one line that shows exactly what it says:
  /// - line breaks, tabs and the other whitespace controls (CR, LF, TAB, VT, FF, NEL, the
  ///   line and paragraph separators) become spaces;
  /// - every other control character (Unicode category Cc: NUL, BEL, ESC, DEL, the C1 range),
  ///   every bidi control (U+061C, U+200E, U+200F, U+202A–U+202E, U+2066–U+2069), every other
  ///   format character (Cf: zero-width spaces and joiners, the byte order mark, tags) and
  ///   every code point this system does not know (Cn) becomes U+FFFD;
  /// - the text is cut to `limit` Unicode scalars, ending in `…` when it was longer.
  ///
  /// Everything else is kept as it is.
  /// - Parameters:
  ///   - text: The outside text.
  ///   - limit: The most Unicode scalars kept, `…` included; at least 1.
  /// - Returns: The safe text.
  public static func clean(_ text: some StringProtocol, limit: Int = defaultLimit) -> String {
    let limit = max(limit, 1)
    var kept = String.UnicodeScalarView()
    var count = 0
    for scalar in text.unicodeScalars {
      guard count < limit else {
        // Cut: the last kept scalar gives way to the ellipsis.
        kept.removeLast()
        kept.append("\u{2026}")
        break
      }
      kept.append(safe(scalar))
      count += 1
    }
    return String(kept)
  }

  /// The scalar itself, a space, or the replacement character.
  private static func safe(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
    switch scalar.value {
    case 0x20...0x7E: return scalar
    case 0x09...0x0D, 0x85, 0x2028, 0x2029: return " "
    case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: return replacement
    default: break
    }
    switch scalar.properties.generalCategory {
    case .control, .format, .unassigned, .surrogate, .lineSeparator, .paragraphSeparator:
      return replacement
    default:
      return scalar
    }
  }
}
