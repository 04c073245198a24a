import Testing
import WireFormat

@Suite("PercentEscape")
struct PercentEscapeTests {
  @Test("an escape of two hex digits in either case gives its octet", arguments: [
    ("%2F", UInt8(0x2F)), ("%2f", 0x2F), ("%7E", 0x7E), ("%00", 0x00), ("%ff", 0xFF),
    ("%Ab", 0xAB),
  ])
  func octets(escape: String, octet: UInt8) {
    #expect(PercentEscape.octet(in: Array(escape.utf8), at: 0) == octet)
    #expect(PercentEscape.octet(in: Array(("a/" + escape).utf8), at: 2) == octet)
  }

  @Test("no octet without a % and two hex digits inside the bytes", arguments: [
    ("%", 0), ("%2", 0), ("a%2", 1), ("%G0", 0), ("%0g", 0), ("%+1", 0), ("2F", 0),
    ("%2F", 1), ("%2F", 3), ("%2F", -1), ("", 0),
  ])
  func noOctet(text: String, index: Int) {
    #expect(PercentEscape.octet(in: Array(text.utf8), at: index) == nil)
  }
}
