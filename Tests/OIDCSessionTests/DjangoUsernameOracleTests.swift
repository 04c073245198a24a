import OIDCProviderHarness
import TestSupport
import Testing
import UserModel

/// `IdentifierRule.username(keepingCase:asciiOnly:)` against Django itself, from the provider's
/// Python environment: Django's own username field, form field and validators judge `a`, one
/// Unicode scalar and `b`, for every scalar both Unicode versions assign, and the rule must
/// agree on each.
@Suite(
  "Usernames: the rule and Django agree on every character",
  .enabled(
    if: ProviderAvailability.current.runs,
    Comment(rawValue: ProviderAvailability.current.comment)))
struct DjangoUsernameOracleTests {
  /// Django's judgement: the form field's cleaning (strip, NFKC), then the model field's
  /// validators (`UnicodeUsernameValidator`, `max_length`), or `ASCIIUsernameValidator`.
  /// Every scalar goes through the validators' own compiled patterns (a full `clean()` per
  /// scalar takes ten seconds); whole usernames go through `clean()` as the rule sends them.
  static let script = #"""
    import sys, unicodedata
    import django
    from django.conf import settings
    settings.configure(
        INSTALLED_APPS=["django.contrib.contenttypes", "django.contrib.auth"], USE_I18N=False)
    django.setup()
    from django.contrib.auth import get_user_model
    from django.contrib.auth.forms import UsernameField
    from django.contrib.auth.validators import ASCIIUsernameValidator, UnicodeUsernameValidator
    from django.core.exceptions import ValidationError
    field = get_user_model()._meta.get_field("username")
    form = UsernameField(max_length=field.max_length)
    unicode_only = [v for v in field.validators if isinstance(v, UnicodeUsernameValidator)][0]
    ascii_only = ASCIIUsernameValidator()
    def cleans(typed, ascii):
        try:
            value = field.clean(form.clean(typed), None)
            if ascii: ascii_only(value)
            return 1
        except ValidationError:
            return 0
    def matches(validator, value):
        return 1 if bool(validator.regex.search(value)) != validator.inverse_match else 0
    print("max_length", field.max_length)
    for index, sent in enumerate(sys.argv[1:]):
        print("whole %d %d%d" % (index, cleans(sent, False), cleans(sent, True)))
    lines = []
    for cp in range(sys.maxunicode + 1):
        if 0xD800 <= cp <= 0xDFFF or unicodedata.category(chr(cp)) == "Cn":
            continue
        value = form.to_python("a" + chr(cp) + "b")
        short = 1 if len(value) <= field.max_length else 0
        lines.append("%x %d%d" % (cp, matches(unicode_only, value) & short,
                                  matches(ascii_only, value) & short))
    sys.stdout.write("\n".join(lines) + "\n")
    """#

  /// Whole usernames Django cleans or refuses: the lengths, the empty ones, the examples.
  static let whole = [
    "ann+rides@x", "a.b-c_d", "Zoë", "Zoe\u{0308}", String(repeating: "a", count: 150),
    String(repeating: "a", count: 151), String(repeating: "e\u{0301}", count: 150), "a b",
    "a/b", "a!", "ａｎｎ", "Éric", "x", "  ann  ", "   ", "user²", "İpek",
  ]

  @Test("Django and the rule accept and refuse the same usernames, letter by letter")
  func agreeWithDjango() async throws {
    guard case .ready(let python) = ProviderAvailability.current else {
      Issue.record(Comment(rawValue: ProviderAvailability.current.comment))
      return
    }
    let unicode = IdentifierRule.username(keepingCase: true)
    let ascii = IdentifierRule.username(keepingCase: true, asciiOnly: true)
    // The server receives the username as the rule sends it (trimmed, NFKC), so Django
    // judges that form: 300 scalars that compose to 150 arrive as 150.
    let sent = Self.whole.map(unicode.normalized)
    let child = try ChildProcess(executable: python, arguments: ["-c", Self.script] + sent)
    let output = await child.readOutputToEnd()
    let errors = await child.readErrorToEnd()
    let ended = await child.waitForExit(timeout: .seconds(120))
    #expect(ended == .exited(0), "\(errors)")
    var checked = 0
    var wholeChecked = 0
    var disagreements: [String] = []
    for line in output.split(separator: "\n") {
      let parts = line.split(separator: " ").map(String.init)
      if parts.first == "max_length" {
        #expect(parts.last == "\(IdentifierRule.usernameMaximumLength)")
        continue
      }
      let typed: String
      let verdict: String
      if parts.first == "whole", parts.count == 3, let index = Int(parts[1]),
        Self.whole.indices.contains(index)
      {
        typed = Self.whole[index]
        verdict = parts[2]
        wholeChecked += 1
      } else if parts.count == 2, let value = UInt32(parts[0], radix: 16),
        let scalar = Unicode.Scalar(value), scalar.properties.generalCategory != .unassigned
      {
        typed = "a" + String(Character(scalar)) + "b"
        verdict = parts[1]
      } else {
        continue
      }
      checked += 1
      let ours = (unicode.problem(in: typed) == nil ? "1" : "0")
        + (ascii.problem(in: typed) == nil ? "1" : "0")
      if ours != verdict {
        let scalars = typed.unicodeScalars
        disagreements.append(
          "\(scalars.prefix(6).map(\.value)) (\(scalars.count) scalars): django \(verdict)")
      }
    }
    // Unicode 14 (Python 3.11) alone assigns 282,000 scalars outside the surrogates.
    #expect(checked > 280_000)
    #expect(wholeChecked == Self.whole.count)
    #expect(disagreements.isEmpty, "\(disagreements.count): \(disagreements.prefix(20))")
  }
}
