import UserModel

/// How `koober sign-in` and `koober verify` end: both can finish a sign-in, and both must
/// then forget the driver's challenge that `koober verify` would resume.
@MainActor
enum FinishedSignIn {
  /// Reports a finished sign-in: forgets the waiting challenge, writes the control's note
  /// (e.g. an offline notice) on stderr and the signed-in line on stdout.
  /// - Parameters:
  ///   - user: Who is signed in now.
  ///   - note: One sentence the logic control added, or `nil`.
  ///   - app: The app container.
  /// - Returns: `.ok`: the sign-in stands even when the challenge could not be deleted.
  static func report(_ user: User, note: String?, in app: AppContainer) -> ExitCode {
    forgetChallenge(in: app)
    if let note { app.console.error(note) }
    app.console.line(app.console.signedInLine(user))
    return .ok
  }

  /// Deletes the challenge waiting for `koober verify`; a failure to is said on stderr and
  /// changes nothing else, since the challenge is useless once the sign-in ended.
  /// - Parameter app: The app container.
  static func forgetChallenge(in app: AppContainer) {
    do { try app.pendingSignIns.clear() } catch { app.console.error(error.message) }
  }
}
