import Localization
import LoginCore
import UserModel

/// `koober switch IDENTIFIER`: makes another account signed in on this device the active
/// one, without asking the server (its session is checked on its next use), and says where
/// koober now opens. The identifier is normalised as sign-in normalises it; one that is not
/// signed in here is refused in one sentence (exit 1).
struct SwitchCommand: KooberCommand {
  static var configuration: CommandConfiguration {
    CommandConfiguration(
      name: "switch", summary: TextTable.kooberCommands.text("switch.summary"),
      arguments: "IDENTIFIER", details: TextTable.kooberCommands.text("switch.details"),
      positional: .required("IDENTIFIER"))
  }

  /// The account's identifier, as typed.
  let identifier: String

  init(_ options: OptionReader) throws(UsageError) {
    identifier = try options.requiredPositional()
  }

  func run(_ context: CommandContext) async -> ExitCode {
    await context.withApp { app in await switchAccount(in: app) }
  }

  @MainActor
  private func switchAccount(in app: AppContainer) async -> ExitCode {
    let console = app.console
    let service = app.serviceUser
    let rule = service.identifierRule
    let wanted = rule.normalized(identifier)
    let accounts = await service.accounts()
    guard let account = accounts.first(where: { rule.normalized($0.identifier) == wanted }) else {
      console.error(TextTable.kooberCommands.text("switch.unknown", ["identifier": wanted]))
      return .failure
    }
    guard !account.isActive else {
      console.line(TextTable.kooberCommands.text("switch.already", Self.values(account.user)))
      return .ok
    }
    let user: User
    do {
      user = try await service.switchAccount(to: account).user
    } catch {
      return console.fail(error)
    }
    var values = Self.values(user)
    values["home"] = user.type.homeTitle
    console.line(TextTable.kooberCommands.text("switch.done", values))
    return .ok
  }

  /// The placeholders naming an account: `who` and `type`.
  static func values(_ user: User) -> [String: String] {
    ["who": user.who, "type": user.type.displayName]
  }
}
