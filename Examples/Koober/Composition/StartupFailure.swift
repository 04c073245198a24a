import Foundation

/// `koober` could not get ready: the data folder, the embedded backend, or a setting.
struct StartupFailure: Error, Sendable, Equatable {
  /// One sentence saying what failed and why.
  let message: String
  /// The exit status: 1, or 2 when a setting was wrong.
  let exitCode: ExitCode
}

extension StartupFailure: LocalizedError {
  /// The message, in the language shown.
  var errorDescription: String? { message }
}
