import Localization
import LoginCore
import LoginLogicControl
import UserModel

/// The sentences and exit statuses the subcommands share.
extension Console {
  /// `Signed in as Ann <ann@example.com> (passenger).`
  func signedInLine(_ user: User) -> String {
    TextTable.kooberCommands.text("signedIn.line", ["who": user.who, "type": user.type.displayName])
  }

  /// Reports a failed step on stderr and picks its exit status: 2 when the input broke a
  /// rule before anything was sent, 1 otherwise.
  /// - Parameter failure: What the logic control reported.
  /// - Returns: The exit status.
  func fail(_ failure: AuthFailure) -> ExitCode {
    error(failure.message)
    return ExitCode(failure)
  }

  /// Reports a storage failure on stderr.
  /// - Parameter failure: What could not be read or written.
  /// - Returns: `.failure`.
  func fail(_ failure: StorageFailure) -> ExitCode {
    error(failure.message)
    return .failure
  }
}

extension ExitCode {
  /// The status of a failed step: 2 when the input broke a rule before anything was sent,
  /// 1 otherwise.
  /// - Parameter failure: What the logic control reported.
  init(_ failure: AuthFailure) {
    switch failure {
    case .refused(.invalidForm), .refused(.malformedCode): self = .usage
    default: self = .failure
    }
  }
}
