import Foundation

/// The one reader and writer of the API's dates, shared by every module that puts a date on
/// the wire or on disk, so a string is a valid date everywhere or nowhere.
///
/// Accepted forms (RFC 3339's `date-time`, four-digit years):
/// - `YYYY-MM-DD`, then `T` or `t`, then `hh:mm:ss` (no leap second `:60`, no `24:00:00`);
/// - an optional fraction: `.` and one or more digits; digits past nanoseconds are read and
///   ignored, since a `Date` cannot hold them;
/// - a zone: `Z`, `z`, or `+hh:mm` / `-hh:mm` (hours below 24, minutes below 60).
///
/// Refused: a missing zone, a space or other separator, a date or time that does not exist
/// (`2026-02-29`, `08:60`), signed or five-digit years, non-ASCII digits, trailing text.
///
/// Parsed by hand, not with `ISO8601DateFormatter` (not `Sendable`) or `ISO8601FormatStyle`
/// (two of them are needed for dates with and without a fraction): the same bytes give the
/// same date on every platform.
///
/// ```swift
/// let date = WireDate.date(from: "2026-11-21t08:30:00.250z")   // 1_795_249_800.25
/// WireDate.string(from: date)                                  // "2026-11-21T08:30:00.250Z"
/// ```
public enum WireDate {
  /// Reads one date in the forms listed on ``WireDate``.
  /// - Parameter text: The text, e.g. `2026-11-21T08:30:00Z`.
  /// - Returns: The date, or `nil` when `text` is not one of the accepted forms or names a
  ///   day or time that does not exist.
  public static func date(from text: String) -> Date? {
    var reader = DateReader(Array(text.utf8))
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
    guard (1...12).contains(month),
      (1...CivilCalendar.daysIn(month: month, year: year)).contains(day),
      (0...23).contains(hour), (0...59).contains(minute), (0...59).contains(second)
    else { return nil }
    let days = CivilCalendar.daysFromCivil(year: year, month: month, day: day)
    let seconds = days * 86_400 + hour * 3_600 + minute * 60 + second - offset
    return Date(timeIntervalSince1970: Double(seconds) + fraction)
  }

  /// Writes one date keeping its milliseconds (for a server whose dates keep them, through an
  /// encoder configured beside its shapes): UTC with `Z`, whole seconds, or milliseconds
  /// (rounded to the nearest) when the date has a sub-second part.
  /// - Parameter date: The date.
  /// - Returns: `2026-11-21T08:30:00Z` or `2026-11-21T08:30:00.250Z`; `nil` for a date
  ///   outside the years 0000–9999 or one that is not finite.
  public static func string(from date: Date) -> String? {
    let interval = date.timeIntervalSince1970
    guard interval.isFinite, interval >= Double(CivilCalendar.earliestSeconds),
      interval < Double(CivilCalendar.endSeconds)
    else { return nil }
    let totalMillis = Int64((interval * 1000).rounded())
    guard totalMillis < CivilCalendar.endSeconds * 1000 else { return nil }
    let seconds = CivilCalendar.floorDivide(totalMillis, 1000)
    let millis = totalMillis - seconds * 1000
    let text = CivilCalendar.text(seconds: seconds)
    return millis == 0 ? text + "Z" : text + "." + CivilCalendar.pad(millis, 3) + "Z"
  }

  /// Writes one date as ``WireJSON/encoder()`` does: whole seconds, rounded down (so a written
  /// expiry is never later than the real one), UTC with `Z`; dates outside the years
  /// 0000–9999 are clamped to them and a date that is not a number is written as
  /// 1970-01-01T00:00:00Z.
  /// - Parameter date: The date.
  /// - Returns: The text, e.g. `2026-11-21T08:30:00Z`.
  public static func wholeSecondsString(from date: Date) -> String {
    let interval = date.timeIntervalSince1970.rounded(.down)
    let latest = CivilCalendar.endSeconds - 1
    let clamped = interval.isNaN
      ? 0 : min(max(interval, Double(CivilCalendar.earliestSeconds)), Double(latest))
    return CivilCalendar.text(seconds: Int64(clamped)) + "Z"
  }
}
