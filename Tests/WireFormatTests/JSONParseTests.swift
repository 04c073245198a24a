import Foundation
import Testing
import WireFormat

@Suite("JSONValue.parse: linear, with limits")
struct JSONParseTests {
  static let limits = JSONValue.Limits(maximumDepth: 32, maximumValues: 4_096)

  @Test("reads what JSONDecoder reads, escapes and surrogate pairs included")
  func agreesWithJSONDecoder() throws {
    let texts = [
      #"{"a": [1, -2.5e3, true, false, null, "x\"\\\/\b\f\n\r\t\u00e9\ud83d\ude00"], "b": {}}"#,
      "[]", "0", #""""#, " [ 1 , { \"k\" : [ ] } ] ",
    ]
    for text in texts {
      let ours = try JSONValue.parse(Data(text.utf8), limits: Self.limits)
      let foundation = try JSONDecoder().decode(JSONValue.self, from: Data(text.utf8))
      #expect(ours == foundation, "\(text)")
    }
  }

  @Test("malformed JSON is refused with the offset", arguments: [
    "", "[1,]", "{\"a\" 1}", "[1 2]", "01x", "\"unterminated", "[\"\u{1}\"]", "tru", "{\"a\":1}x",
    "\"\\ud800\"", "[1e]", "-", "[NaN]", "01", "[-01]",
  ])
  func malformed(text: String) {
    #expect {
      try JSONValue.parse(Data(text.utf8), limits: Self.limits)
    } throws: { error in
      guard case .malformed = error as? JSONValue.ParseError else { return false }
      return true
    }
  }

  @Test("nesting past the limit and too many values are refused")
  func limits() {
    let deep = String(repeating: "[", count: 33) + String(repeating: "]", count: 33)
    #expect(throws: JSONValue.ParseError.tooDeep(limit: 32)) {
      try JSONValue.parse(Data(deep.utf8), limits: Self.limits)
    }
    let ok = String(repeating: "[", count: 32) + String(repeating: "]", count: 32)
    #expect(throws: Never.self) { try JSONValue.parse(Data(ok.utf8), limits: Self.limits) }
    let many = "[" + Array(repeating: "0", count: 4_096).joined(separator: ",") + "]"
    #expect(throws: JSONValue.ParseError.tooManyValues(limit: 4_096)) {
      try JSONValue.parse(Data(many.utf8), limits: Self.limits)
    }
  }

  @Test("the hostile 65 KB body (65 arrays 500 deep) is refused at the first excess")
  func hostileBody() {
    let nested = String(repeating: "[", count: 500) + String(repeating: "]", count: 500)
    let body = "{\"email\": \"a@b.co\", \"x\": [" + Array(repeating: nested, count: 65)
      .joined(separator: ",") + "]}"
    #expect(body.utf8.count > 64_000)
    #expect(throws: JSONValue.ParseError.tooDeep(limit: 32)) {
      try JSONValue.parse(Data(body.utf8), limits: Self.limits)
    }
  }

  @Test("JSONValue's Decodable refuses nesting past 64 instead of costing its square")
  func decodableDepth() {
    let deep = String(repeating: "[", count: 80) + String(repeating: "]", count: 80)
    #expect(throws: DecodingError.self) {
      try JSONDecoder().decode(JSONValue.self, from: Data(deep.utf8))
    }
  }
}
