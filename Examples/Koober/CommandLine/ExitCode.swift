/// The exit statuses of `koober`, the same for every command so scripts can rely on them.
enum ExitCode: Int32, Sendable {
  /// The command did what was asked.
  case ok = 0
  /// Something failed (server, network or storage); stderr says what in one sentence.
  case failure = 1
  /// The command line was wrong; stderr says what and where to find usage.
  case usage = 2
  /// `sign-in` needs the one-time code: run `koober verify --code C` next.
  case codeRequired = 3
  /// No one is signed in.
  case notSignedIn = 4
}
