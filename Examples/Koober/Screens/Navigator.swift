import Localization
import LoginCore
import LoginLogicControl
import ServiceUser
import UserModel

/// The interactive host's state machine: shows one screen at a time, follows the
/// destination each returns, and answers the launch check and the session's end (the design's
/// main view model: the signed-in and not-signed-in responder).
///
/// ```swift
/// await app.makeNavigator().run()   // returns when the person quits or input ends
/// ```
@MainActor
final class Navigator {
  let app: AppContainer
  private var signedIn: SignedInContainer?
  // Set by the launch check or by a session that ended elsewhere; it overrides whatever the
  // current screen returns.
  private var pending: Destination?
  /// Whether this process's own sign-out is running (`Navigator+Session.swift`).
  var signingOutHere = false
  /// Whether this process's own switch of accounts is running (`Navigator+Accounts.swift`).
  var switchingHere = false
  /// Follows sign-outs made by another process (`followSignOutsElsewhere()`).
  var elsewhereListener: Task<Void, Never>?

  /// Makes the navigator.
  /// - Parameter app: The app container.
  init(app: AppContainer) {
    self.app = app
  }

  /// Runs the screens from the launch check until the person quits or input ends.
  func run() async {
    app.console.input.start()
    app.sessionControl.delegate = self
    app.sessionControl.startListening()
    followSignOutsElsewhere()
    defer { elsewhereListener?.cancel() }
    var destination = Destination.launch
    while true {
      if let pending {
        destination = pending
        self.pending = nil
      }
      if case .quit = destination { return }
      // From here on, an interruption is meant for the screen about to show.
      app.console.input.clearInterrupt()
      destination = await show(destination)
    }
  }

  /// Makes `destination` the next one, whatever the current screen returns; going to
  /// welcome drops the signed-in container.
  /// - Parameter destination: Where to go.
  func go(to destination: Destination) {
    if case .welcome = destination { signedIn = nil }
    pending = destination
  }

  /// Whether someone is signed in, as far as the screens know.
  var isShowingSignedInScreens: Bool { signedIn != nil }

  /// Whether the screens show `user`'s account, or are about to.
  /// - Parameter user: A user.
  func isShowingOrHeading(to user: User) -> Bool {
    signedIn?.user.id == user.id || pending?.user?.id == user.id
  }

  private func show(_ destination: Destination) async -> Destination {
    // With an OpenID Connect provider there are no rides: say so instead of opening one.
    if let ridesUnavailable = app.ridesUnavailable, destination.needsRides {
      return destination.user.map { .home($0, alert: ridesUnavailable) }
        ?? .guestHome(alert: ridesUnavailable)
    }
    switch destination {
    case .launch: return await checkSession()
    case .welcome(let alert):
      signedIn = nil
      return await MenuScreen.welcome(
        console: app.console, alert: alert, providerSignIn: app.offersProviderSignIn,
        passkeySignIn: app.offersPasskeys
      ).run()
    case .signIn(let entry, let alert):
      return await app.makeOnboardingContainer().makeSignInScreen(from: entry, alert: alert).run()
    case .signUp(let entry):
      return await app.makeOnboardingContainer().makeSignUpScreen(from: entry).run()
    case .browserSignIn(let entry):
      return await app.makeOnboardingContainer().makeProviderSignInScreen(
        .browser(app.browserLauncher), from: entry
      ).run()
    case .deviceSignIn(let entry):
      return await app.makeOnboardingContainer().makeProviderSignInScreen(.device, from: entry)
        .run()
    case .passkeySignIn(let entry):
      return await app.makeOnboardingContainer().makePasskeySignInScreen(from: entry).run()
    case .code(let control):
      return await app.makeOnboardingContainer().makeCodeScreen(for: control).run()
    case .home(let user, let alert):
      // The container first: from here on the screens are known to show this account.
      let container = signedInContainer(for: user)
      let othersSignedIn = await app.serviceUser.accounts().contains { $0.user.id != user.id }
      return await container.makeHomeScreen(alert: alert, othersSignedIn: othersSignedIn).run()
    case .guestHome(let alert):
      return await MenuScreen.guestHome(console: app.console, alert: alert).run()
    case .feature(let feature, let user): return gate(feature, user: user)
    case .openFeature(let feature, let user): return await open(feature, user: user)
    case .rideStatus(let user, let control, let alert):
      return await signedInContainer(for: user).makeRideStatusScreen(
        following: control, alert: alert
      ).run()
    case .rideQueue(let user):
      return await signedInContainer(for: user).makeRideQueueScreen().run()
    case .passkeys(let user):
      return await signedInContainer(for: user).makePasskeysScreen().run()
    case .signOut: return await signOut()
    case .switchAccount(let user): return await chooseAccount(from: user)
    case .switchTo(let account, let user): return await switchAccount(to: account, from: user)
    case .addAccount(let user):
      return await app.makeOnboardingContainer().makeSignInScreen(
        from: .welcome, alert: nil, addingAccountTo: user
      ).run()
    case .interrupted: return .welcome(alert: AuthFailure.refused(.notSignedIn).message)
    case .quit: return .quit
    }
  }

  /// The signed-in container of `user`: the current one when it is the same person.
  func signedInContainer(for user: User) -> SignedInContainer {
    if let signedIn, signedIn.user.id == user.id {
      signedIn.update(user)
      return signedIn
    }
    let container = app.makeSignedInContainer(for: user)
    signedIn = container
    return container
  }

  private func checkSession() async -> Destination {
    let launch = app.makeLaunchControl()
    launch.delegate = self
    let task = launch.checkSession()
    await app.console.progress(TextTable.koober.text("progress.checkingSession")) {
      await task?.value
    }
    return .welcome(alert: nil)  // the delegate's destination replaces it
  }

  private func signOut() async -> Destination {
    signingOutHere = true
    defer { signingOutHere = false }
    let task = app.sessionControl.signOut()
    await app.console.progress(TextTable.koober.text("progress.signingOut")) { await task?.value }
    // A session control that reports only the way to welcome (pending now) while another
    // account stays signed in: the service made that one active; land on its home instead.
    guard case .welcome(let notice) = pending,
      let active = await app.serviceUser.accounts().first(where: \.isActive)
    else { return .welcome(alert: nil) }  // the delegate's destination replaces it
    land(on: active.user, afterSignOutWith: notice)
    return .welcome(alert: nil)
  }

  /// Asks the guest gate whether a feature may open for this person now.
  private func gate(_ feature: AppFeature, user: User?) -> Destination {
    switch app.guestGate.check(feature, signedInAs: user?.type) {
    case .open:
      return .openFeature(feature, user: user)
    case .signInRequired(let entry):
      let title = FeatureCatalog.menuTitle(feature)
      let need = FeatureCatalog.guestNote(feature) ?? TextTable.koober.text("feature.needsAccount")
      return .signIn(
        from: entry,
        alert: TextTable.koober.text("gate.signInFirst", ["feature": title, "need": need]))
    case .notAvailable(let message):
      return user.map { .home($0, alert: message) } ?? .guestHome(alert: message)
    }
  }

  /// The screen of a feature the gate let through.
  private func open(_ feature: AppFeature, user: User?) async -> Destination {
    guard let user else {
      // Only a feature open to guests gets here without a user.
      guard feature == .fareEstimate else { return .guestHome(alert: nil) }
      return await FareEstimateScreen(
        console: app.console, control: app.makeEstimateControl(), back: .guestHome(alert: nil)
      ).run()
    }
    let container = signedInContainer(for: user)
    switch feature {
    case .profile: return await container.makeProfileScreen().run()
    case .fareEstimate: return await container.makeFareEstimateScreen().run()
    case .requestRide: return await container.makeRequestRideScreen().run()
    case .myRides: return await container.makeMyRidesScreen().run()
    // FeatureCatalog shows Koober's four only; another is not a screen of this build.
    default: return .home(user, alert: nil)
    }
  }
}
