import Foundation
import Localization

extension AccountListViewModel {
  /// "Last active …" in whole minutes, hours or days before `now`; "just now" under a minute
  /// and for a date after `now` (another device's clock).
  nonisolated static func lastActiveText(_ date: Date, now: Date) -> String {
    let elapsed = now.timeIntervalSince(date)
    // A date read from a file may be anything: bounded before it becomes an Int.
    guard elapsed.isFinite, elapsed >= 60 else {
      return TextTable.loginViewModel.text("accounts.lastActive.justNow")
    }
    let seconds = Int(min(elapsed, 1e12))
    if seconds < 3_600 {
      return TextTable.loginViewModel.counted(
        "accounts.lastActive.minutes", seconds / 60, as: "count")
    }
    if seconds < 86_400 {
      return TextTable.loginViewModel.counted(
        "accounts.lastActive.hours", seconds / 3_600, as: "count")
    }
    return TextTable.loginViewModel.counted(
      "accounts.lastActive.days", seconds / 86_400, as: "count")
  }
}
