import Localization
import LoginCore
import LoginLogicControl
import LoginViewModel
import UserModel

/// `[Passkeys]`, from the profile: the account's passkeys (name, created, last used), and
/// adding one made on this device, renaming and removing one. Each change is followed by the
/// list as the server now has it.
@MainActor
final class PasskeysScreen: Screen {
  /// What the person chose.
  private enum Action {
    case add, rename, remove, back
  }

  private let console: Console
  private let user: User
  private let control: PasskeysLogicControl
  private let presenter = PasskeysPresenter()
  private let authenticator: any PasskeyAuthenticator

  /// Makes the screen.
  /// - Parameters:
  ///   - console: The terminal.
  ///   - user: The signed-in user.
  ///   - control: The passkeys control; the screen makes itself its delegate.
  ///   - authenticator: This device's authenticator, which makes the passkeys added here.
  init(
    console: Console, user: User, control: PasskeysLogicControl,
    authenticator: any PasskeyAuthenticator
  ) {
    self.console = console
    self.user = user
    self.control = control
    self.authenticator = authenticator
    control.delegate = presenter
  }

  func run() async -> Destination {
    var report = await request(TextTable.koober.text("progress.loadingPasskeys")) {
      control.loadPasskeys()
    }
    while true {
      if Self.sessionEnded(report) { return .interrupted }
      console.title(PasskeyListViewModel.title)
      if let alert = Self.alert(report) { console.alert(alert) }
      let rows = presenter.list.rows
      writeRows(rows)
      let entries =
        [MenuEntry(title: PasskeyListViewModel.addTitle, value: Action.add)]
        + (rows.isEmpty
          ? []
          : [
            MenuEntry(title: PasskeyListViewModel.renameTitle, value: .rename),
            MenuEntry(title: PasskeyListViewModel.removeTitle, value: .remove),
          ])
        + [MenuEntry(title: TextTable.koober.text("entry.back"), value: .back)]
      let chosen: Action
      switch await console.choose(from: entries) {
      case .failure(let exit): return exit.destination
      case .success(let action): chosen = action
      }
      let saving = TextTable.koober.text("progress.saving")
      switch chosen {
      case .back:
        return .openFeature(.profile, user: user)
      case .add:
        report = await request(saving) { control.addPasskey(using: authenticator) }
      case .rename, .remove:
        let picked = await pick(from: rows)
        guard case .success(let id?) = picked else {
          if case .failure(let exit) = picked { return exit.destination }
          report = PasskeysPresenter.Report()
          continue
        }
        if chosen == .remove {
          report = await request(saving) { control.removePasskey(id: id) }
          continue
        }
        let event = await console.ask(TextTable.koober.text("passkeys.newName"))
        guard case .line(let name) = event else { return event.exit ?? .quit }
        report = await request(saving) { control.renamePasskey(id: id, to: name) }
      }
    }
  }

  /// One line per passkey: its name, when it was created and last used.
  private func writeRows(_ rows: [PasskeyListViewModel.Row]) {
    guard !rows.isEmpty else {
      console.line(PasskeyListViewModel.emptyText)
      return
    }
    let names = rows.map(\.name.terminalSafe)
    let width = names.map(\.terminalWidth).max() ?? 0
    for (row, name) in zip(rows, names) {
      console.line(name.padded(toWidth: width) + "  " + row.createdText + "  " + row.lastUsedText)
    }
  }

  /// Asks which passkey; `nil` for back.
  private func pick(from rows: [PasskeyListViewModel.Row]) async -> Result<String?, MenuExit> {
    console.line(TextTable.koober.text("passkeys.which"))
    let entries =
      rows.map { MenuEntry<String?>(title: $0.name.terminalSafe, value: $0.id) }
      + [MenuEntry(title: TextTable.koober.text("entry.back"), value: nil)]
    return await console.choose(from: entries)
  }

  private func request(_ label: String, _ start: () -> Task<Void, Never>?) async
    -> PasskeysPresenter.Report
  {
    await console.progress(label) { await presenter.run(start) }
  }

  /// The sentence a request leaves on the screen, if any.
  private static func alert(_ report: PasskeysPresenter.Report) -> String? {
    if report.freshSignInFor != nil { return TextTable.koober.text("passkeys.freshSignIn") }
    return report.failure?.message
  }

  /// Whether the request found the session over (revoked elsewhere): the navigator says so.
  private static func sessionEnded(_ report: PasskeysPresenter.Report) -> Bool {
    switch report.failure?.0 {
    case .refused(.notSignedIn)?, .refused(.sessionEnded)?, .refused(.accessTokenRejected)?:
      true
    default: false
    }
  }
}
