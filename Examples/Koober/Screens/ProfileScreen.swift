import LoginCore
import LoginLogicControl
import ServiceUserLogin
import UserModel

/// `[Profile]`: name, email and account type, with rename.
@MainActor
final class ProfileScreen: Screen {
  private let console: Console
  private let container: SignedInContainer

  /// Makes the screen.
  /// - Parameters:
  ///   - console: The terminal.
  ///   - container: The signed-in container (the user and their service).
  init(console: Console, container: SignedInContainer) {
    self.console = console
    self.container = container
  }

  func run() async -> Destination {
    var alert: String?
    while true {
      let user = container.user
      console.title("Profile")
      if let alert { console.alert(alert) }
      console.line("Name:  \(user.name ?? "(none)")")
      console.line("Email: \(user.email)")
      console.line("Type:  \(user.type.rawValue)")
      let choice = await console.choose(from: [
        MenuEntry(title: "Rename", value: true),
        MenuEntry(title: "Back", value: false),
      ])
      switch choice {
      case .failure(let exit): return exit.destination
      case .success(false): return .home(user, alert: nil)
      case .success(true):
        let event = await console.ask("New name (empty to remove it)")
        guard case .line(let name) = event else { return event.exit ?? .quit }
        let failure = await rename(to: name)
        // The session ended (revoked elsewhere): the navigator says so on welcome.
        if failure == .signedOut { return .interrupted }
        alert = failure?.message
      }
    }
  }

  /// Renames the user on the server; returns why it failed, if it did.
  private func rename(to name: String) async -> LoginFailure? {
    let service = container.serviceUser
    let result: Result<User, LoginError> = await console.progress("Saving") {
      do throws(LoginError) {
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
      return LoginFailure(error)
    }
  }
}
