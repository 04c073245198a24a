import Localization
import LoginViewModel

/// The menus shown before anyone is signed in.
extension MenuScreen {
  /// `[Welcome]`: sign in, sign up, browse as a guest, sign in with a passkey, or quit.
  /// - Parameters:
  ///   - console: The terminal.
  ///   - alert: Why the person is here, e.g. "Your session has expired; …".
  ///   - providerSignIn: Whether to offer the browser and device sign-ins (OIDC mode).
  ///   - passkeySignIn: Whether to offer "Sign in with a passkey" (Koober's API).
  static func welcome(
    console: Console, alert: String?, providerSignIn: Bool = false, passkeySignIn: Bool = false
  ) -> MenuScreen {
    MenuScreen(
      console: console, title: TextTable.koober.text("welcome.title"), alert: alert,
      intro: TextTable.koober.text("welcome.intro"),
      // After the entries people and scripts already know by number.
      entries: [.signIn] + (providerSignIn ? [.browserSignIn, .deviceSignIn] : []) + [
        .signUp,
        MenuEntry(
          title: TextTable.koober.text("entry.browseAsGuest"), value: .guestHome(alert: nil)),
      ] + (passkeySignIn ? [.passkeySignIn] : []) + [.quit])
  }

  /// `[Guest home]`: the features of the guest gate, each marked with what it needs, plus
  /// signing in or up. A feature that needs an account asks for a sign-in and returns to the
  /// feature afterwards.
  /// - Parameters:
  ///   - console: The terminal.
  ///   - alert: One sentence to show first.
  static func guestHome(console: Console, alert: String?) -> MenuScreen {
    let features = FeatureCatalog.shown.map {
      MenuEntry(
        title: FeatureCatalog.menuTitle($0), note: FeatureCatalog.guestNote($0),
        value: Destination.feature($0, user: nil))
    }
    return MenuScreen(
      console: console, title: TextTable.koober.text("guestHome.title"), alert: alert,
      intro: TextTable.koober.text("guestHome.intro"),
      entries: features + [
        .signIn, .signUp,
        MenuEntry(title: TextTable.koober.text("entry.backToWelcome"), value: .welcome(alert: nil)),
        .quit,
      ])
  }
}

extension MenuEntry<Destination> {
  /// `Sign in`, from welcome.
  static var signIn: Self {
    MenuEntry(
      title: TextTable.koober.text("entry.signIn"), value: .signIn(from: .welcome, alert: nil))
  }

  /// `Sign in with a passkey`, from welcome (Koober's API).
  static var passkeySignIn: Self {
    MenuEntry(title: PasskeySignInViewModel.buttonTitle, value: .passkeySignIn(from: .welcome))
  }

  /// `Sign in with browser`, from welcome (OIDC mode).
  static var browserSignIn: Self {
    MenuEntry(
      title: TextTable.koober.text("entry.browserSignIn"), value: .browserSignIn(from: .welcome))
  }

  /// `Sign in on another device`, from welcome (OIDC mode).
  static var deviceSignIn: Self {
    MenuEntry(
      title: TextTable.koober.text("entry.deviceSignIn"), value: .deviceSignIn(from: .welcome))
  }

  /// `Sign up`, from welcome.
  static var signUp: Self {
    MenuEntry(title: TextTable.koober.text("entry.signUp"), value: .signUp(from: .welcome))
  }

  /// `Quit`.
  static var quit: Self {
    MenuEntry(title: TextTable.koober.text("entry.quit"), value: .quit)
  }
}
