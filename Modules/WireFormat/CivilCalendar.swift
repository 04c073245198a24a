/// Proleptic Gregorian arithmetic for ``WireDate``, without `Calendar` or `TimeZone`, so the
/// result never depends on the host (Howard Hinnant's `days_from_civil` / `civil_from_days`).
enum CivilCalendar {
  /// 0000-01-01T00:00:00Z in seconds since 1970: the first instant four digits can write.
  static let earliestSeconds: Int64 = -62_167_219_200
  /// 10000-01-01T00:00:00Z in seconds since 1970: the first instant they cannot.
  static let endSeconds: Int64 = 253_402_300_800

  static func daysIn(month: Int64, year: Int64) -> Int64 {
    switch month {
    case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
    case 4, 6, 9, 11: 30
    default: 31
    }
  }

  static func daysFromCivil(year: Int64, month: Int64, day: Int64) -> Int64 {
    let y = month <= 2 ? year - 1 : year
    let era = (y >= 0 ? y : y - 399) / 400
    let yearOfEra = y - era * 400
    let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
  }

  static func civil(fromDays days: Int64) -> (year: Int64, month: Int64, day: Int64) {
    let z = days + 719_468
    let era = (z >= 0 ? z : z - 146_096) / 146_097
    let dayOfEra = z - era * 146_097
    let yearOfEra =
      (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let shiftedMonth = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
    let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
    return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
  }

  /// `YYYY-MM-DDThh:mm:ss` for whole seconds since 1970 (no zone); the caller keeps
  /// `seconds` inside the four-digit years.
  static func text(seconds: Int64) -> String {
    let days = floorDivide(seconds, 86_400)
    let secondOfDay = seconds - days * 86_400
    let (year, month, day) = civil(fromDays: days)
    return pad(year, 4) + "-" + pad(month, 2) + "-" + pad(day, 2) + "T"
      + pad(secondOfDay / 3_600, 2) + ":" + pad(secondOfDay % 3_600 / 60, 2) + ":"
      + pad(secondOfDay % 60, 2)
  }

  static func floorDivide(_ value: Int64, _ divisor: Int64) -> Int64 {
    let quotient = value / divisor
    return value % divisor < 0 ? quotient - 1 : quotient
  }

  static func pad(_ value: Int64, _ width: Int) -> String {
    let digits = String(value)
    return String(repeating: "0", count: max(0, width - digits.count)) + digits
  }
}
