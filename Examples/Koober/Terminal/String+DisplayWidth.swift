extension String {
  /// How many terminal columns the text takes: two for a wide character (CJK ideographs,
  /// kana, Hangul, fullwidth forms, emoji), none for a character that draws nothing, one for
  /// the rest. Columns line up by this, never by `count`: `"登录".count` is 2 but it spans 4
  /// columns.
  var terminalWidth: Int {
    reduce(0) { $0 + $1.terminalWidth }
  }

  /// The text followed by spaces up to `width` columns; unchanged when it is already as wide.
  /// - Parameter width: The columns to fill.
  /// - Returns: The padded text.
  func padded(toWidth width: Int) -> String {
    let missing = width - terminalWidth
    return missing > 0 ? self + String(repeating: " ", count: missing) : self
  }
}

extension Character {
  /// The character's terminal columns: 0, 1 or 2 (see `String.terminalWidth`).
  var terminalWidth: Int {
    guard let first = unicodeScalars.first else { return 0 }
    if first.properties.isEmojiPresentation
      || unicodeScalars.contains(where: { $0.value == 0xFE0F })
      || Self.isWide(first.value)
    {
      return 2
    }
    let drawsNothing = unicodeScalars.allSatisfy {
      switch $0.properties.generalCategory {
      case .nonspacingMark, .enclosingMark, .format, .control: true
      default: false
      }
    }
    return drawsNothing ? 0 : 1
  }

  /// East Asian Wide and Fullwidth blocks (Unicode UAX #11), the ones a terminal draws two
  /// columns wide.
  private static func isWide(_ value: UInt32) -> Bool {
    switch value {
    case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF,
      0x4E00...0x9FFF, 0xA000...0xA4CF, 0xA960...0xA97F, 0xAC00...0xD7A3, 0xF900...0xFAFF,
      0xFE10...0xFE19, 0xFE30...0xFE6F, 0xFF00...0xFF60, 0xFFE0...0xFFE6,
      0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x2FFFD, 0x30000...0x3FFFD:
      true
    default:
      false
    }
  }
}
