import Localization

/// Why there is no answer now, so that trying again later may work: the `.unavailable` part
/// of `AuthFailure`. None of these ends a session.
///
/// Most come from the server or the way to it; a few from this device (``inProgress``,
/// ``sessionUnreadable(_:)``, ``storage(_:)``).
public enum AuthUnavailability: Sendable, Equatable, Hashable {
  /// No connection: offline, the host unknown or refusing connections, TLS failed.
  case offline
  /// No answer in time.
  case timeout
  /// The server is overloaded and asks to try again after this many seconds.
  case busy(retryAfterSeconds: Int)
  /// The server failed, or answered something the adapter cannot read; the text says what,
  /// for a log or a developer (a person is shown a general sentence).
  case serverTrouble(String)
  /// The server (an OAuth provider, say) answered with this HTTP status and nothing the
  /// adapter can read: no error body of its protocol. It did answer, so this is not offline;
  /// the sentence names the sign-in provider and the status. The text says more, for a log.
  case unexpectedAnswer(status: Int, String)
  /// Another sign-in, sign-up or code check of this service is still running.
  case inProgress
  /// The stored session exists but cannot be read (unreadable now, or damaged); it was left
  /// in place, nothing was deleted. A `SessionStore`'s `load()` throws it. The text says why,
  /// for a log or a developer.
  case sessionUnreadable(String)
  /// This device's storage failed: the session could not be saved or removed, or the account
  /// database (or a user's) could not be opened, read or written, or the store's lock could
  /// not be taken; nothing was half-written. The sentence is about the device's storage, not
  /// the sign-in alone, and shows the text (what failed) in parentheses.
  case storage(String)

  /// A stable snake_case code a program can switch on or log.
  public var code: String {
    switch self {
    case .offline: "offline"
    case .timeout: "timeout"
    case .busy: "server_busy"
    case .serverTrouble: "server_trouble"
    case .unexpectedAnswer: "unexpected_answer"
    case .inProgress: "already_in_progress"
    case .sessionUnreadable: "session_unavailable"
    case .storage: "storage_failed"
    }
  }

  /// The longest detail shown, in Unicode scalars: a sentence with a URL or two in it.
  public static let detailLimit = 1_000

  /// What went wrong in detail, for a log or a developer: the text of the cases that carry
  /// one, else `nil`. It often quotes a server, so it comes cleaned (`ForeignText`): one line
  /// without control, bidi or format characters, at most ``detailLimit`` scalars.
  public var detail: String? {
    switch self {
    case .serverTrouble(let text), .sessionUnreadable(let text), .storage(let text),
      .unexpectedAnswer(_, let text):
      ForeignText.clean(text, limit: Self.detailLimit)
    default: nil
    }
  }

  /// One sentence a person understands, in the language `Texts.language` names.
  var message: String {
    switch self {
    case .offline: TextTable.loginCore.text("error.offline")
    case .timeout: TextTable.loginCore.text("error.timeout")
    case .busy(let seconds):
      seconds > 60
        ? TextTable.loginCore.counted(
          "error.serverBusyMinutes", wholeMinutes(seconds), as: "minutes")
        : TextTable.loginCore.counted("error.serverBusySeconds", max(seconds, 1), as: "seconds")
    case .serverTrouble: TextTable.loginCore.text("error.serverTrouble")
    case .unexpectedAnswer(let status, _):
      TextTable.loginCore.text("error.unexpectedAnswer", ["status": String(status)])
    case .inProgress: TextTable.loginCore.text("error.alreadyInProgress")
    case .sessionUnreadable: TextTable.loginCore.text("error.sessionUnreadable")
    case .storage:
      // The detail (a file, a database's words) is part of the sentence, as the store's and
      // the account database's own sentences showed it before they became this case.
      if let detail, !detail.isEmpty {
        TextTable.loginCore.text("error.storageDetail", ["detail": detail])
      } else {
        TextTable.loginCore.text("error.storage")
      }
    }
  }

  /// Whether ``message`` already shows ``detail``, so a description does not repeat it.
  var messageShowsDetail: Bool {
    if case .storage = self { return true }
    return false
  }
}
