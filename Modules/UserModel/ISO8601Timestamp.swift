import Foundation

/// Reads and writes the API's dates (`2026-11-21T08:30:00Z`) without a formatter object:
/// `ISO8601DateFormatter` is neither `Sendable` nor cheap to make, and a hand parser behaves
/// the same on every platform.
///
/// Read: `YYYY-MM-DDTHH:MM:SS`, optional fraction (`.5`, `.123456`), then `Z` or `±HH:MM`.
/// Written: whole seconds in UTC with `Z`, the fraction dropped (rounded down, so a written
/// expiry is never later than the real one).
enum ISO8601Timestamp {
  private static let secondsPerDay = 86_400
  /// 0000-01-01T00:00:00Z and 9999-12-31T23:59:59Z: the years four digits can write.
  private static let earliest = Double(daysFromCivil(year: 0, month: 1, day: 1) * secondsPerDay)
  private static let latest =
    Double(daysFromCivil(year: 9999, month: 12, day: 31) * secondsPerDay + secondsPerDay - 1)

  static func date(from text: String) -> Date? {
    var reader = DigitReader(bytes: Array(text.utf8))
    guard let year = reader.number(digits: 4), reader.skip("-"),
      let month = reader.number(digits: 2), reader.skip("-"),
      let day = reader.number(digits: 2), reader.skip("T"),
      let hour = reader.number(digits: 2), reader.skip(":"),
      let minute = reader.number(digits: 2), reader.skip(":"),
      let second = reader.number(digits: 2)
    else { return nil }
    guard (1...12).contains(month), (1...daysIn(month: month, year: year)).contains(day),
      hour < 24, minute < 60, second < 60
    else { return nil }
    let fraction = reader.skip(".") ? reader.fraction() : 0
    guard let fraction, let offset = reader.zoneOffset(), reader.isAtEnd else { return nil }
    let days = daysFromCivil(year: year, month: month, day: day)
    let seconds = days * secondsPerDay + hour * 3600 + minute * 60 + second - offset
    return Date(timeIntervalSince1970: Double(seconds) + fraction)
  }

  static func string(from date: Date) -> String {
    let clamped = min(max(date.timeIntervalSince1970.rounded(.down), earliest), latest)
    let total = Int(clamped.isNaN ? 0 : clamped)
    let days = total >= 0 ? total / secondsPerDay : (total - secondsPerDay + 1) / secondsPerDay
    let secondOfDay = total - days * secondsPerDay
    let (year, month, day) = civilFromDays(days)
    return padded(year, 4) + "-" + padded(month, 2) + "-" + padded(day, 2) + "T"
      + padded(secondOfDay / 3600, 2) + ":" + padded(secondOfDay / 60 % 60, 2) + ":"
      + padded(secondOfDay % 60, 2) + "Z"
  }

  private static func padded(_ value: Int, _ width: Int) -> String {
    let digits = String(value)
    return String(repeating: "0", count: max(0, width - digits.count)) + digits
  }

  private static func daysIn(month: Int, year: Int) -> Int {
    switch month {
    case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
    case 4, 6, 9, 11: 30
    default: 31
    }
  }

  /// Days since 1970-01-01 in the proleptic Gregorian calendar (Howard Hinnant's algorithm).
  private static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
    let y = month <= 2 ? year - 1 : year
    let era = (y >= 0 ? y : y - 399) / 400
    let yearOfEra = y - era * 400
    let dayOfYear = (153 * ((month + 9) % 12) + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
  }

  private static func civilFromDays(_ days: Int) -> (year: Int, month: Int, day: Int) {
    let z = days + 719_468
    let era = (z >= 0 ? z : z - 146_096) / 146_097
    let dayOfEra = z - era * 146_097
    let yearOfEra =
      (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let shiftedMonth = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
    let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
    return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
  }
}

/// A cursor over ASCII bytes that reads fixed-width numbers and single separators.
private struct DigitReader {
  let bytes: [UInt8]
  var position = 0

  var isAtEnd: Bool { position == bytes.count }

  mutating func skip(_ character: Unicode.Scalar) -> Bool {
    guard position < bytes.count, bytes[position] == UInt8(ascii: character) else { return false }
    position += 1
    return true
  }

  mutating func number(digits: Int) -> Int? {
    guard bytes.count - position >= digits else { return nil }
    var value = 0
    for _ in 0..<digits {
      guard let digit = digit(at: position) else { return nil }
      value = value * 10 + digit
      position += 1
    }
    return value
  }

  /// The digits after a `.` as a fraction of a second; digits past nanoseconds are read and
  /// ignored, since a `Date` cannot hold them anyway.
  mutating func fraction() -> Double? {
    var value = 0.0
    var scale = 1.0
    let start = position
    while let digit = digit(at: position) {
      if position - start < 9 {
        scale /= 10
        value += Double(digit) * scale
      }
      position += 1
    }
    return position > start ? value : nil
  }

  /// `Z` as 0, or `±HH:MM` as seconds east of UTC.
  mutating func zoneOffset() -> Int? {
    if skip("Z") { return 0 }
    let sign: Int
    if skip("+") { sign = 1 } else if skip("-") { sign = -1 } else { return nil }
    guard let hours = number(digits: 2), skip(":"), let minutes = number(digits: 2),
      hours < 24, minutes < 60
    else { return nil }
    return sign * (hours * 3600 + minutes * 60)
  }

  private func digit(at index: Int) -> Int? {
    guard index < bytes.count, (48...57).contains(bytes[index]) else { return nil }
    return Int(bytes[index] - 48)
  }
}
