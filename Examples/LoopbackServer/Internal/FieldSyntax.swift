/// RFC 9110's field syntax, checked byte by byte or Unicode scalar by scalar (never by
/// `Character`: `"\r\n"` is one `Character`, equal to neither `"\r"` nor `"\n"`).
enum FieldSyntax {
  /// Whether `byte` may be part of a token (RFC 9110 §5.6.2): a method or a field name.
  static func isTokenByte(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"):
      true
    default:
      "!#$%&'*+-.^_`|~".utf8.contains(byte)
    }
  }

  /// Whether `name` is a field name: a non-empty token.
  static func isName(_ name: String) -> Bool {
    !name.utf8.isEmpty && name.utf8.allSatisfy(isTokenByte)
  }

  /// Whether `value` may be written as a field value: no CR, LF, NUL or other control
  /// character but tab (RFC 9110 §5.5), C1 controls (U+0080–U+009F, NEL among them) included,
  /// since a client that decodes the head as Latin-1 or reads NEL as a line end would split
  /// on them; other text beyond ASCII passes as `obs-text` bytes.
  static func isValue(_ value: String) -> Bool {
    value.unicodeScalars.allSatisfy { $0 == "\t" || $0.properties.generalCategory != .control }
  }
}
