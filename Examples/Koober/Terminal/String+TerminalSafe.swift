/// Text from outside the program (a server's answer, a name, a typed or piped line, a file)
/// made safe to write to a terminal.
///
/// A terminal obeys what it is sent: an escape sequence in a server's error message could
/// clear the screen, retitle the window or recolour everything after it, and a line break
/// in a name could draw a fake `[Welcome]` title that a script then believes. Invisible
/// characters are subtler: a bidi mark reorders what follows it, a zero-width space makes
/// two different names look alike, and forty stacked combining marks smear one letter over
/// the lines above and below. So every line `Console` writes goes through `terminalSafe`,
/// and the styles the console adds itself are put on afterwards.
///
/// ```swift
/// "Evil\u{1B}[2J\nName".terminalSafe   // "Evil�[2J Name"
/// "Eve\u{200F}\u{200B}".terminalSafe   // "Eve�"
/// ```
extension String {
  /// The most combining marks kept on one character; enough for every script's stacked
  /// accents (Vietnamese uses two) and for keycap emoji, far below a "zalgo" smear.
  static let combiningMarksPerCharacter = 4

  /// The text as one line that a terminal shows as it is:
  /// - line breaks and tabs become spaces;
  /// - other control characters (escape, bell, backspace, DEL, the C1 range, NUL) and every
  ///   bidi control (marks, embeddings, overrides, isolates) each become `�`, so what was
  ///   hidden shows;
  /// - other invisible format characters (zero-width space and joiners, word joiner, byte
  ///   order mark, tag characters) are dropped, except the joiners and tags that build one
  ///   emoji (👩‍💻, a subdivision flag);
  /// - each character keeps at most ``combiningMarksPerCharacter`` combining marks.
  ///
  /// Everything else, emoji included, is kept.
  var terminalSafe: String {
    guard unicodeScalars.contains(where: Self.mayNeedChange) else { return self }
    var safe = String.UnicodeScalarView()
    for character in self {
      Self.appendSafe(character, to: &safe)
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

  /// Appends one grapheme cluster's safe scalars.
  private static func appendSafe(
    _ character: Character, to safe: inout String.UnicodeScalarView
  ) {
    let scalars = character.unicodeScalars
    // Joiners and tags belong to an emoji sequence only when the cluster starts with an emoji
    // (a ZWJ sequence, or the black flag that tag characters spell a subdivision after).
    let isEmojiSequence = scalars.first.map { $0.value > 0x7F && $0.properties.isEmoji } ?? false
    var marks = 0
    for scalar in scalars {
      switch classify(scalar) {
      case .space:
        safe.append(" ")
      case .replace:
        safe.append("\u{FFFD}")
      case .invisible:
        if isEmojiSequence && (scalar == "\u{200D}" || isTag(scalar)) { safe.append(scalar) }
      case .mark:
        marks += 1
        if marks <= combiningMarksPerCharacter { safe.append(scalar) }
      case .keep:
        safe.append(scalar)
      }
    }
  }

  private enum Treatment {
    case space, replace, invisible, mark, keep
  }

  private static func classify(_ scalar: Unicode.Scalar) -> Treatment {
    switch scalar.value {
    case 0x0A, 0x0D, 0x09, 0x0B, 0x0C, 0x85, 0x2028, 0x2029:
      return .space
    case 0x00...0x1F, 0x7F...0x9F:  // C0, DEL, C1 (ESC, CSI, OSC, …)
      return .replace
    case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069:  // bidi controls
      return .replace
    default:
      break
    }
    switch scalar.properties.generalCategory {
    case .format:
      return .invisible
    case .nonspacingMark, .enclosingMark, .spacingMark:
      return .mark
    default:
      return .keep
    }
  }

  private static func isTag(_ scalar: Unicode.Scalar) -> Bool {
    (0xE0020...0xE007F).contains(scalar.value)
  }

  /// A cheap first look: text without any of these scalars is returned as it is.
  private static func mayNeedChange(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x00...0x1F, 0x7F...0x9F: return true
    case 0x20...0x7E: return false
    default:
      switch scalar.properties.generalCategory {
      case .format, .nonspacingMark, .enclosingMark, .spacingMark, .lineSeparator,
        .paragraphSeparator:
        return true
      default:
        return false
      }
    }
  }
}
