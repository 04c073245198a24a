import LoginLogicControl
import UserModel

/// The sentences and exit statuses the subcommands share.
extension Console {
  /// `Signed in as Ann <ann@example.com> (passenger).`
  func signedInLine(_ user: User) -> String {
    let who = user.name.map { "\($0) <\(user.email)>" } ?? user.email
    return CommandText.text("signedIn.line", ["who": who, "type": Self.typeWord(user.type)])
  }

  /// The user type as a word of the chosen language; a type of another server as it is.
  private static func typeWord(_ type: UserType) -> String {
    switch type {
    case .passenger: CommandText.text("userType.passenger")
    case .driver: CommandText.text("userType.driver")
    default: type.rawValue
    }
  }

  /// Reports a failed step on stderr and picks its exit status: 2 when the input broke a
  /// rule before anything was sent, 1 otherwise.
  /// - Parameter failure: What the logic control reported.
  /// - Returns: The exit status.
  func fail(_ failure: LoginFailure) -> ExitCode {
    error(failure.message)
    switch failure {
    case .invalidInput, .malformedCode: return .usage
    default: return .failure
    }
  }

  /// Reports a storage failure on stderr.
  /// - Parameter failure: What could not be read or written.
  /// - Returns: `.failure`.
  func fail(_ failure: StorageFailure) -> ExitCode {
    error(failure.message)
    return .failure
  }
}
