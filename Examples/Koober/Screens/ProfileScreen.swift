import Localization
import LoginCore
import LoginLogicControl
import LoginViewModel
import ServiceUserLogin
import UserModel

/// `[Profile]`: name, email and account type, with rename, and the account's passkeys.
@MainActor
final class ProfileScreen: Screen {
  private enum Choice {
    case rename, passkeys, back
  }

  private let console: Console
  private let container: SignedInContainer
  private let offersPasskeys: Bool

  /// Makes the screen.
  /// - Parameters:
  ///   - console: The terminal.
  ///   - container: The signed-in container (the user and their service).
  ///   - offersPasskeys: Whether to offer `Passkeys` (not with an OpenID Connect provider).
  init(console: Console, container: SignedInContainer, offersPasskeys: Bool = false) {
    self.console = console
    self.container = container
    self.offersPasskeys = offersPasskeys
  }

  func run() async -> Destination {
    var alert: String?
    while true {
      let user = container.user
      console.title(TextTable.koober.text("profile.title"))
      if let alert { console.alert(alert) }
      writeDetails(of: user)
      let choice = await console.choose(
        from: [MenuEntry(title: TextTable.koober.text("profile.rename"), value: Choice.rename)]
          + (offersPasskeys
            ? [MenuEntry(title: PasskeyListViewModel.title, value: Choice.passkeys)] : [])
          + [MenuEntry(title: TextTable.koober.text("entry.back"), value: Choice.back)])
      switch choice {
      case .failure(let exit): return exit.destination
      case .success(.back): return .home(user, alert: nil)
      case .success(.passkeys): return .passkeys(user)
      case .success(.rename):
        let event = await console.ask(TextTable.koober.text("profile.newName"))
        guard case .line(let name) = event else { return event.exit ?? .quit }
        let failure = await rename(to: name)
        // The session ended (revoked elsewhere): the navigator says so on welcome.
        switch failure {
        case .refused(.notSignedIn)?, .refused(.sessionEnded)?, .refused(.accessTokenRejected)?:
          return .interrupted
        default: break
        }
        alert = failure?.message
      }
    }
  }

  /// Name, email and type, one a line, the values lined up by terminal columns.
  private func writeDetails(of user: User) {
    let rows = [
      (TextTable.koober.text("profile.name"), user.name ?? TextTable.koober.text("profile.noName")),
      (TextTable.koober.text("profile.email"), user.identifier),
      (TextTable.koober.text("profile.type"), user.type.displayName),
    ]
    let width = rows.map { $0.0.terminalWidth }.max() ?? 0
    for (label, value) in rows {
      console.line(label.padded(toWidth: width) + value)
    }
  }

  /// Renames the user on the server; returns why it failed, if it did.
  private func rename(to name: String) async -> AuthFailure? {
    let service = container.serviceUser
    let label = TextTable.koober.text("progress.saving")
    let result: Result<User, AuthFailure> = await console.progress(label) {
      do throws(AuthFailure) {
        return .success(try await service.updateName(name.isEmpty ? nil : name))
      } catch {
        return .failure(error)
      }
    }
    switch result {
    case .success(let user):
      container.update(user)
      return nil
    case .failure(let error):
      return error
    }
  }
}
