import Foundation
import Testing
import WireFormat

@Suite("JSONValue: the package's one JSON value")
struct JSONValueTests {
  @Test("whole numbers are written without a fraction, others as they are")
  func numbers() throws {
    let value: JSONValue = ["retryAfter": 300, "ratio": 0.5, "legacy": .int(2), "none": nil]
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    let text = String(decoding: try encoder.encode(value), as: UTF8.self)
    #expect(text == #"{"legacy":2,"none":null,"ratio":0.5,"retryAfter":300}"#)
  }

  @Test("decoding tells null, Booleans, numbers, strings, arrays and objects apart")
  func decodes() throws {
    let json = #"{"a": null, "b": true, "c": 3, "d": "x", "e": [1, "y"], "f": {"g": false}}"#
    let value = try JSONDecoder().decode(JSONValue.self, from: Data(json.utf8))
    #expect(
      value == [
        "a": .null, "b": true, "c": .number(3), "d": "x", "e": [1, "y"], "f": ["g": false],
      ])
    #expect(JSONValue.number(3).intValue == 3)
    #expect(JSONValue.number(3.5).intValue == nil)
    #expect(JSONValue.string("x").stringValue == "x")
  }
}
