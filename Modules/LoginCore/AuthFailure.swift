/// Why an account operation failed, in one vocabulary for every server.
///
/// The three kinds are kept apart because they call for different things:
/// - `.refused`: the server said no. Tell the person; `.sessionEnded` signs them out.
/// - `.unavailable`: the server could not say (offline, timeout, busy, trouble). Never a
///   reason to end a session: try again later.
/// - `.unsupported`: this server has no such operation (sign-up on an OAuth provider).
///
/// ```swift
/// do {
///   _ = try await remote.signIn(credentials)
/// } catch .refused(.locked(let seconds)) {
///   show("Try again in \(seconds) seconds.")
/// } catch {
///   show(error.message)
/// }
/// ```
public enum AuthFailure: Error, Sendable, Equatable, Hashable {
  /// The server refused.
  case refused(AuthRefusal)
  /// The server could not be asked, or could not answer.
  case unavailable(AuthUnavailability)
  /// The server does not offer the operation.
  case unsupported(AuthOperation)

  /// A stable snake_case code a program can switch on, e.g. `invalid_credentials`,
  /// `offline`, `unsupported_sign_up`.
  public var code: String {
    switch self {
    case .refused(let refusal): refusal.code
    case .unavailable(let unavailability): unavailability.code
    case .unsupported(let operation): "unsupported_" + operation.rawValue
    }
  }

  /// One sentence for a log line or a developer, in English whatever `Texts.language` says;
  /// apps show their own wording (LoginError's).
  public var message: String {
    switch self {
    case .refused(let refusal): refusal.message
    case .unavailable(let unavailability): unavailability.message
    case .unsupported(let operation):
      "This server does not offer \(operation.summary(in: .english))."
    }
  }

  /// Whether this failure means the session is over: the refresh token or the session was
  /// refused. Only this ends a session.
  public var endsSession: Bool {
    self == .refused(.sessionEnded)
  }
}

extension AuthFailure: CustomStringConvertible {
  /// The code and message, e.g. `offline: The server cannot be reached.`
  public var description: String { "\(code): \(message)" }
}
