import Foundation

/// ISO-8601 timestamps (`2026-11-21T08:30:00Z`, with optional fraction and offset), parsed and
/// written by hand: `ISO8601DateFormatter` is not `Sendable`, costs an allocation per use,
/// and two of them are needed to accept dates with and without fractional seconds.
enum Timestamp {
  /// 0000-01-01T00:00:00Z and 10000-01-01T00:00:00Z: four-digit years only.
  static let earliestSeconds: Int64 = -62_167_219_200
  static let endSeconds: Int64 = 253_402_300_800

  static func date(from text: String) -> Date? {
    var reader = ByteReader(Array(text.utf8))
    guard let year = reader.number(digits: 4), reader.skip("-"),
      let month = reader.number(digits: 2), reader.skip("-"),
      let day = reader.number(digits: 2), reader.skip("T") || reader.skip("t"),
      let hour = reader.number(digits: 2), reader.skip(":"),
      let minute = reader.number(digits: 2), reader.skip(":"),
      let second = reader.number(digits: 2)
    else { return nil }
    var fraction = 0.0
    if reader.skip(".") {
      guard let value = reader.fraction() else { return nil }
      fraction = value
    }
    guard let offset = reader.zoneOffsetSeconds(), reader.isAtEnd else { return nil }
    guard (1...12).contains(month), (1...daysIn(month: month, year: year)).contains(day),
      (0...23).contains(hour), (0...59).contains(minute), (0...59).contains(second)
    else { return nil }
    let days = daysFromCivil(year: year, month: month, day: day)
    let seconds = days * 86_400 + hour * 3_600 + minute * 60 + second - offset
    return Date(timeIntervalSince1970: Double(seconds) + fraction)
  }

  /// Whole seconds when the date has no sub-second part, else milliseconds; `nil` outside
  /// four-digit years or for a non-finite date.
  static func string(from date: Date) -> String? {
    let interval = date.timeIntervalSince1970
    guard interval.isFinite, interval >= Double(earliestSeconds), interval < Double(endSeconds)
    else { return nil }
    let totalMillis = Int64((interval * 1000).rounded())
    guard totalMillis < endSeconds * 1000 else { return nil }
    let seconds = floorDivide(totalMillis, 1000)
    let millis = totalMillis - seconds * 1000
    let days = floorDivide(seconds, 86_400)
    let secondOfDay = seconds - days * 86_400
    let (year, month, day) = civil(fromDays: days)
    var text = "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))T"
    text += "\(pad(secondOfDay / 3_600, 2)):\(pad(secondOfDay % 3_600 / 60, 2)):"
    text += pad(secondOfDay % 60, 2)
    if millis != 0 { text += ".\(pad(millis, 3))" }
    return text + "Z"
  }

  private static func pad(_ value: Int64, _ width: Int) -> String {
    let digits = String(value)
    return String(repeating: "0", count: max(0, width - digits.count)) + digits
  }

  private static func floorDivide(_ value: Int64, _ divisor: Int64) -> Int64 {
    let quotient = value / divisor
    return value % divisor < 0 ? quotient - 1 : quotient
  }

  private static func daysIn(month: Int64, year: Int64) -> Int64 {
    switch month {
    case 2:
      let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
      return leap ? 29 : 28
    case 4, 6, 9, 11: return 30
    default: return 31
    }
  }

  // Howard Hinnant's days_from_civil / civil_from_days: exact for the proleptic Gregorian
  // calendar without Calendar or TimeZone, so parsing never depends on the host.
  private static func daysFromCivil(year: Int64, month: Int64, day: Int64) -> Int64 {
    let y = month <= 2 ? year - 1 : year
    let era = (y >= 0 ? y : y - 399) / 400
    let yearOfEra = y - era * 400
    let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
  }

  private static func civil(fromDays days: Int64) -> (Int64, Int64, Int64) {
    let z = days + 719_468
    let era = (z >= 0 ? z : z - 146_096) / 146_097
    let dayOfEra = z - era * 146_097
    let yearOfEra =
      (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let shiftedMonth = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
    let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
    let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
    return (year, month, day)
  }
}

/// A cursor over UTF-8 bytes that never reads past the end.
private struct ByteReader {
  private let bytes: [UInt8]
  private var index = 0

  init(_ bytes: [UInt8]) { self.bytes = bytes }

  var isAtEnd: Bool { index == bytes.count }

  mutating func skip(_ character: Unicode.Scalar) -> Bool {
    guard index < bytes.count, bytes[index] == UInt8(ascii: character) else { return false }
    index += 1
    return true
  }

  mutating func number(digits count: Int) -> Int64? {
    var value: Int64 = 0
    for _ in 0..<count {
      guard let digit = digit() else { return nil }
      value = value * 10 + digit
    }
    return value
  }

  /// One to nine digits after the decimal point, as a fraction of a second.
  mutating func fraction() -> Double? {
    var value: Int64 = 0
    var scale: Int64 = 1
    var count = 0
    while let digit = digit() {
      count += 1
      guard count <= 9 else { return nil }
      value = value * 10 + digit
      scale *= 10
    }
    return count == 0 ? nil : Double(value) / Double(scale)
  }

  /// `Z` is UTC; `+hh:mm` / `-hh:mm` are offsets east / west of it, returned in seconds.
  mutating func zoneOffsetSeconds() -> Int64? {
    if skip("Z") || skip("z") { return 0 }
    let sign: Int64
    if skip("+") {
      sign = 1
    } else if skip("-") {
      sign = -1
    } else {
      return nil
    }
    guard let hours = number(digits: 2), skip(":"), let minutes = number(digits: 2),
      (0...23).contains(hours), (0...59).contains(minutes)
    else { return nil }
    return sign * (hours * 3_600 + minutes * 60)
  }

  private mutating func digit() -> Int64? {
    guard index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index])
    else { return nil }
    defer { index += 1 }
    return Int64(bytes[index] - UInt8(ascii: "0"))
  }
}
