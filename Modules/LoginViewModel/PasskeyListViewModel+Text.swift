import Foundation
import Localization

extension PasskeyListViewModel {
  /// "Created …" in whole minutes, hours or days before `now` ("just now" under a minute and
  /// for a date after `now`).
  nonisolated static func createdText(_ date: Date, now: Date) -> String {
    switch ElapsedTime(since: date, now: now) {
    case .justNow:
      TextTable.loginViewModel.text("passkeys.created.justNow")
    case .minutes(let count):
      TextTable.loginViewModel.counted("passkeys.created.minutes", count, as: "count")
    case .hours(let count):
      TextTable.loginViewModel.counted("passkeys.created.hours", count, as: "count")
    case .days(let count):
      TextTable.loginViewModel.counted("passkeys.created.days", count, as: "count")
    }
  }

  /// "Last used …" counted the same way, or "Never used" for `nil`.
  nonisolated static func lastUsedText(_ date: Date?, now: Date) -> String {
    guard let date else { return TextTable.loginViewModel.text("passkeys.neverUsed") }
    return switch ElapsedTime(since: date, now: now) {
    case .justNow:
      TextTable.loginViewModel.text("passkeys.lastUsed.justNow")
    case .minutes(let count):
      TextTable.loginViewModel.counted("passkeys.lastUsed.minutes", count, as: "count")
    case .hours(let count):
      TextTable.loginViewModel.counted("passkeys.lastUsed.hours", count, as: "count")
    case .days(let count):
      TextTable.loginViewModel.counted("passkeys.lastUsed.days", count, as: "count")
    }
  }
}
