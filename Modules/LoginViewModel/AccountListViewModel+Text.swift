import Foundation
import Localization

extension AccountListViewModel {
  /// "Last active …" in whole minutes, hours or days before `now`; "just now" under a minute
  /// and for a date after `now` (another device's clock).
  nonisolated static func lastActiveText(_ date: Date, now: Date) -> String {
    switch ElapsedTime(since: date, now: now) {
    case .justNow:
      TextTable.loginViewModel.text("accounts.lastActive.justNow")
    case .minutes(let count):
      TextTable.loginViewModel.counted("accounts.lastActive.minutes", count, as: "count")
    case .hours(let count):
      TextTable.loginViewModel.counted("accounts.lastActive.hours", count, as: "count")
    case .days(let count):
      TextTable.loginViewModel.counted("accounts.lastActive.days", count, as: "count")
    }
  }
}
