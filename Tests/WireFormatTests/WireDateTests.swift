import Foundation
import Testing
import WireFormat

@Suite("One set of date forms, read the same by every module")
struct WireDateTests {
  @Test("every reader accepts the table's forms as the same instant", arguments: DateReader.allCases)
  func accepts(reader: DateReader) throws {
    for (text, seconds) in DateForms.accepted {
      let date = try #require(reader.date(from: text), "\(reader) refused \(text)")
      #expect(abs(date.timeIntervalSince1970 - seconds) < 0.000_001, "\(reader): \(text)")
    }
  }

  @Test("every reader refuses the table's other forms", arguments: DateReader.allCases)
  func refuses(reader: DateReader) {
    for text in DateForms.refused {
      #expect(reader.date(from: text) == nil, "\(reader) accepted \(text)")
    }
  }

  @Test("both writing styles read back; whole seconds round down, milliseconds to nearest")
  func writing() throws {
    let date = Date(timeIntervalSince1970: 1_795_249_800.2506)
    #expect(WireDate.wholeSecondsString(from: date) == "2026-11-21T08:30:00Z")
    let text = try #require(WireDate.string(from: date))
    #expect(text == "2026-11-21T08:30:00.251Z")
    #expect(WireDate.date(from: text) == Date(timeIntervalSince1970: 1_795_249_800.251))
  }
}
