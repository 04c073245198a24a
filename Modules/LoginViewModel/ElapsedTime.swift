import Foundation

/// How long ago something happened, in the whole unit a list shows, said once for every
/// "… ago" of the package: the account list's "Last active …", the passkeys' "Created …" and
/// "Last used …". Each caller words it from its own table keys.
enum ElapsedTime: Equatable {
  /// Under a minute, or a date after now (another device's clock).
  case justNow
  /// Whole minutes, under an hour.
  case minutes(Int)
  /// Whole hours, under a day.
  case hours(Int)
  /// Whole days.
  case days(Int)

  /// The time from `date` to `now`.
  init(since date: Date, now: Date) {
    let elapsed = now.timeIntervalSince(date)
    // A date read from a file or a server may be anything: bounded before it becomes an Int.
    guard elapsed.isFinite, elapsed >= 60 else {
      self = .justNow
      return
    }
    let seconds = Int(min(elapsed, 1e12))
    self =
      seconds < 3_600
      ? .minutes(seconds / 60)
      : seconds < 86_400 ? .hours(seconds / 3_600) : .days(seconds / 86_400)
  }
}
