import Foundation
import KooberBackend
import Localization
import UserModel

/// `koober admin unlock EMAIL`: the operator's way out of a lockout (the HTTP contract). Forgets
/// the email's failed sign-ins and its lock in the backend database of the data folder
/// (`--data-dir`, `KOOBER_DATA_DIR`, the platform's folder), the one `koober serve` and the
/// embedded backend use. The email's live sessions were never touched by the lock.
struct AdminUnlockCommand: KooberCommand {
  static var configuration: CommandConfiguration {
    CommandConfiguration(
      name: "unlock", group: .admin, summary: TextTable.kooberCommands.text("adminUnlock.summary"),
      arguments: "EMAIL", details: TextTable.kooberCommands.text("adminUnlock.details"),
      positional: .required("EMAIL"))
  }

  /// The locked email, as typed.
  let email: String

  init(_ options: OptionReader) throws(UsageError) {
    email = try options.requiredPositional()
  }

  func run(_ context: CommandContext) async -> ExitCode {
    let configuration: KooberBackend.Configuration
    do {
      configuration = try ServeCommand.backendConfiguration(context)
    } catch {
      context.console.error(error.message)
      return error.exitCode
    }
    let shown = CredentialRules.normalizedEmail(email)
    do {
      let forgotten = try KooberBackend.unlock(email: email, configuration)
      context.console.line(
        forgotten
          ? TextTable.kooberCommands.text("adminUnlock.done", ["email": shown])
          : TextTable.kooberCommands.text("adminUnlock.notLocked", ["email": shown]))
      return .ok
    } catch {
      context.console.error(error.message)
      return .failure
    }
  }
}
