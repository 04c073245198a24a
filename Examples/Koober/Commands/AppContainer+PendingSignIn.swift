import UserModel

/// How `koober sign-in` and `koober verify` end: both can finish a sign-in, and both must
/// then forget the driver's challenge that `koober verify` would resume.
extension AppContainer {
  /// Reports a finished sign-in: forgets the waiting challenge, writes the control's note
  /// (e.g. an offline notice) on stderr and the signed-in line on stdout.
  /// - Parameters:
  ///   - user: Who is signed in now.
  ///   - note: One sentence the logic control added, or `nil`.
  /// - Returns: `.ok`: the sign-in stands even when the challenge could not be deleted.
  func reportSignedIn(_ user: User, note: String?) -> ExitCode {
    forgetPendingSignIn()
    if let note { console.error(note) }
    console.line(console.signedInLine(user))
    return .ok
  }

  /// Deletes the challenge waiting for `koober verify`; a failure to is said on stderr and
  /// changes nothing else, since the challenge is useless once the sign-in ended.
  func forgetPendingSignIn() {
    do { try pendingSignIns.clear() } catch { console.error(error.message) }
  }
}
