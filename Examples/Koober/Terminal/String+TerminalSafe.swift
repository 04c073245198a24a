/// Text from outside the program (a server's answer, a name, a typed or piped line, a file)
/// made safe to write to a terminal.
///
/// A terminal obeys what it is sent: an escape sequence in a server's error message could
/// clear the screen, retitle the window or recolour everything after it, and a line break
/// in a name could draw a fake `[Welcome]` title that a script then believes. So every line
/// `Console` writes goes through `terminalSafe`, and the styles the console adds itself are
/// put on afterwards.
///
/// ```swift
/// "Evil\u{1B}[2J\nName".terminalSafe   // "Evil�[2J Name"
/// ```
extension String {
  /// The text as one line that a terminal shows as it is: line breaks and tabs become
  /// spaces; other control characters (escape, bell, backspace, DEL, the C1 range, NUL) and
  /// the invisible marks that reorder text (bidi embeddings, overrides and isolates) each
  /// become `�`. Everything else, emoji included, is kept.
  var terminalSafe: String {
    guard unicodeScalars.contains(where: Self.needsReplacing) else { return self }
    var safe = String.UnicodeScalarView()
    for scalar in unicodeScalars {
      switch scalar {
      case "\n", "\r", "\t", "\u{0B}", "\u{0C}", "\u{85}", "\u{2028}", "\u{2029}":
        safe.append(" ")
      case _ where Self.needsReplacing(scalar):
        safe.append("\u{FFFD}")
      default:
        safe.append(scalar)
      }
    }
    return String(safe)
  }

  /// `terminalSafe`, cut to at most `limit` characters with `…` at the end when longer, so
  /// one sentence from a server stays one readable line.
  /// - Parameter limit: The most characters kept, at least 1.
  /// - Returns: The safe, shortened text.
  func terminalSafe(limit: Int) -> String {
    let safe = terminalSafe
    guard safe.count > limit, limit > 0 else { return safe }
    return String(safe.prefix(limit - 1)) + "…"
  }

  /// Whether a scalar must not reach a terminal as it is.
  private static func needsReplacing(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x00...0x1F, 0x7F...0x9F: true  // C0, DEL, C1 (ESC, CSI, OSC, …)
    case 0x2028, 0x2029: true  // line and paragraph separators
    case 0x202A...0x202E, 0x2066...0x2069: true  // bidi embeddings, overrides, isolates
    default: false
    }
  }
}
