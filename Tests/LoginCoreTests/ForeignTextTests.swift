import Localization
import LoginCore
import Testing

/// A server's text in a failure's message or description shows what it says and steers
/// nothing: no terminal escape, bell, line break or bidi control gets through, and it is cut
/// short.
@Suite("ForeignText: a server's text made safe to show")
struct ForeignTextTests {
  /// Every character that acts rather than shows: controls, bidi controls, other format
  /// characters, line and paragraph separators.
  static func acting(_ text: String) -> [Unicode.Scalar] {
    text.unicodeScalars.filter { scalar in
      switch scalar.properties.generalCategory {
      case .control, .format, .lineSeparator, .paragraphSeparator, .unassigned: true
      default: false
      }
    }
  }

  static let bidiControls: [Unicode.Scalar] = [
    "\u{061C}", "\u{200E}", "\u{200F}", "\u{202A}", "\u{202B}", "\u{202C}", "\u{202D}",
    "\u{202E}", "\u{2066}", "\u{2067}", "\u{2068}", "\u{2069}",
  ]

  @Test("ESC, BEL, NUL, DEL, C1 and every bidi control become U+FFFD; line breaks spaces")
  func replaced() {
    #expect(ForeignText.clean("a\u{1B}]0;title\u{07}b", limit: 50) == "a\u{FFFD}]0;title\u{FFFD}b")
    #expect(ForeignText.clean("a\u{0}b\u{7F}c\u{9B}d", limit: 50) == "a\u{FFFD}b\u{FFFD}c\u{FFFD}d")
    #expect(ForeignText.clean("one\r\ntwo\tthree\u{2028}four", limit: 50) == "one  two three four")
    for control in Self.bidiControls {
      var text = "pay "
      text.unicodeScalars.append(control)
      text += "evil"
      #expect(ForeignText.clean(text, limit: 50) == "pay \u{FFFD}evil", "U+\(control.value)")
    }
    // Zero-width space, the byte order mark and a tag character are format characters too.
    #expect(
      ForeignText.clean("a\u{200B}b\u{FEFF}c\u{E0041}", limit: 50)
        == "a\u{FFFD}b\u{FFFD}c\u{FFFD}")
  }

  @Test("letters of every script, emoji and punctuation are kept as they are")
  func kept() {
    let text = "Ann 安 Ærø — «ok» 👍 café"
    #expect(ForeignText.clean(text, limit: 100) == text)
  }

  @Test("long text is cut to the limit, ending in an ellipsis; text at the limit is whole")
  func cut() {
    #expect(ForeignText.clean(String(repeating: "x", count: 10), limit: 10) == "xxxxxxxxxx")
    #expect(ForeignText.clean(String(repeating: "x", count: 11), limit: 10) == "xxxxxxxxx…")
    // A flood of combining marks is counted scalar by scalar, so it is cut too.
    let flood = "e" + String(repeating: "\u{0301}", count: 10_000)
    #expect(ForeignText.clean(flood, limit: 300).unicodeScalars.count == 300)
    #expect(ForeignText.clean("abc", limit: 0) == "…")
    #expect(ForeignText.clean("", limit: 5) == "")
  }

  static let hostile = "evil\u{1B}[2J\u{07}\n\u{202E}moc.knab\u{2066}"

  @Test("a failure's description shows a server's detail cleaned, in every case with one")
  func description() {
    let failures: [AuthFailure] = [
      .unavailable(.serverTrouble(Self.hostile)),
      .unavailable(.unexpectedAnswer(status: 502, Self.hostile)),
      .unavailable(.sessionUnreadable(Self.hostile)),
      .unavailable(.storage(Self.hostile)),
    ]
    for failure in failures {
      #expect(Self.acting(failure.description).isEmpty, "\(failure.code)")
      #expect(failure.description.contains("evil\u{FFFD}[2J\u{FFFD} \u{FFFD}moc.knab"))
      guard case .unavailable(let unavailability) = failure else { continue }
      #expect(Self.acting(unavailability.detail ?? "").isEmpty)
    }
    let long = AuthFailure.unavailable(.serverTrouble(String(repeating: "x", count: 50_000)))
    #expect(long.description.count < AuthUnavailability.detailLimit + 100)
  }

  @Test("a server's sentence about a field is shown cleaned, in English and 简体中文")
  func message() {
    let failure = AuthFailure.refused(.invalidInput(.name, message: Self.hostile))
    for language in [TextLanguage.english, .simplifiedChinese] {
      Texts.$scopedLanguage.withValue(language) {
        #expect(Self.acting(failure.message).isEmpty)
        #expect(Self.acting(failure.errorDescription ?? "").isEmpty)
        #expect(failure.message.hasPrefix("evil\u{FFFD}[2J"))
      }
    }
    #expect(Self.acting(failure.description).isEmpty)
    let long = AuthFailure.refused(
      .invalidInput(.name, message: String(repeating: "y", count: 9_999)))
    #expect(long.message.count <= 300)
  }
}
