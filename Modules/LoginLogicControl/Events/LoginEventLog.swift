import Foundation
import LoginCore
import UserModel
import WireFormat

/// A bounded, printable record of every login action and outcome, for bug reports
/// (the way a middleware records every action).
///
/// Each line is `<ISO-8601 time> <area>: <what happened>`. By construction it never holds a
/// password, a token or a one-time code: the controls record typed events that carry none of
/// them, and identifiers appear masked (`a***@example.com`, `r***`). When full, the oldest
/// lines go first.
///
/// The log is plain lines so the host can keep it: save ``lines`` in the user's data folder
/// and pass them back to ``init(lines:capacity:now:)`` on the next launch.
///
/// ```swift
/// let log = LoginEventLog(lines: savedLines)
/// let environment = LoginEnvironment(service: serviceUser, log: log)
/// // … later, for a bug report:
/// print(log.text)
/// ```
@MainActor
public final class LoginEventLog {
  /// How many lines a log keeps unless told otherwise.
  public nonisolated static let defaultCapacity = 500
  /// The longest a line may be; longer ones are cut, so one event cannot flood the log.
  public nonisolated static let maximumLineLength = 300

  /// The most lines this log keeps.
  public nonisolated let capacity: Int
  /// The lines, oldest first.
  public private(set) var lines: [String]
  private let now: @Sendable () -> Date

  /// Makes a log, optionally continuing saved lines.
  /// - Parameters:
  ///   - lines: Lines saved from an earlier log (cleaned of control characters and cut to
  ///     `maximumLineLength`; only the newest `capacity` are kept).
  ///   - capacity: The most lines to keep; at least 1.
  ///   - now: The clock that stamps each line.
  public nonisolated init(
    lines: [String] = [],
    capacity: Int = LoginEventLog.defaultCapacity,
    now: @escaping @Sendable () -> Date = Date.init
  ) {
    let capacity = max(1, capacity)
    self.capacity = capacity
    self.lines = lines.suffix(capacity).map(LoginEventLog.cleaned)
    self.now = now
  }

  /// The whole log as text, one event a line, ready to print or attach to a report.
  public var text: String {
    lines.joined(separator: "\n")
  }

  /// Masks an identifier for a log or a report: an email keeps its first character and
  /// its domain, any other identifier its first character only.
  /// - Parameter identifier: The identifier as typed (surrounding whitespace is ignored).
  /// - Returns: e.g. `a***@example.com` or `r***`; `***` when there is nothing to keep.
  public nonisolated static func maskedIdentifier(_ identifier: String) -> String {
    let trimmed = identifier.trimmingCharacters(in: .whitespacesAndNewlines)
    guard let at = trimmed.lastIndex(of: "@") else {
      return (trimmed.first.map(String.init) ?? "") + "***"
    }
    let first = trimmed[..<at].first.map(String.init) ?? ""
    let domain = trimmed[trimmed.index(after: at)...].prefix(64)
    return first + "***@" + domain
  }

  /// Appends one event, stamped with the current time.
  func record(_ event: LoginEvent) {
    let stamp = WireDate.wholeSecondsString(from: now())
    lines.append(LoginEventLog.cleaned("\(stamp) \(event.text)"))
    if lines.count > capacity { lines.removeFirst(lines.count - capacity) }
  }

  /// One line per event: control characters (line breaks included) become spaces.
  private nonisolated static func cleaned(_ line: String) -> String {
    let scalars = line.unicodeScalars.prefix(maximumLineLength).map { scalar in
      scalar.properties.generalCategory == .control
        || scalar.properties.generalCategory == .lineSeparator
        || scalar.properties.generalCategory == .paragraphSeparator ? " " : scalar
    }
    var result = String.UnicodeScalarView()
    result.append(contentsOf: scalars)
    return String(result)
  }
}
