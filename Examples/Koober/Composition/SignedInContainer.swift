import KooberWire
import Localization
import LoginLogicControl
import RideLogicControl
import ServiceRide
import ServiceUser
import UserModel

/// The signed-in container (the signed-in container of the design), made per user: that user's ride
/// service (with the ride cache in their own database) and the screens of a signed-in
/// person. Signing out drops it.
@MainActor
final class SignedInContainer {
  /// The signed-in user, as last reported by the server (a rename updates it).
  private(set) var user: User
  /// The user's service (shared with the app container).
  let serviceUser: ServiceUser
  private let console: Console
  private let locations: KooberLocationService
  private let parent: AppContainer
  private var rideService: RideService?

  /// Makes the container.
  /// - Parameters:
  ///   - parent: The app container.
  ///   - user: The signed-in user.
  init(parent: AppContainer, user: User) {
    self.user = user
    self.parent = parent
    serviceUser = parent.serviceUser
    console = parent.console
    locations = parent.locations
  }

  /// The user's ride service, made on first use: ServiceUser's authorized client and a ride
  /// cache in the user's own database (in memory when that file cannot be opened).
  /// - Returns: The service.
  func rides() async -> RideService {
    if let rideService { return rideService }
    let made = await RideService.make(serviceUser: serviceUser, userID: user.id)
    rideService = made
    return made
  }

  /// Records newer details of the same user (e.g. after a rename).
  /// - Parameter user: The user as the server now has it.
  func update(_ user: User) {
    guard user.id == self.user.id else { return }
    self.user = user
  }

  // MARK: - Logic controls

  /// A passenger's request flow: pickup = the fixed current location, the user's rides.
  func makePassengerControl() async -> PassengerRideLogicControl {
    PassengerRideLogicControl(
      rides: await rides(), locations: locations, pollInterval: AppContainer.ridePollInterval)
  }

  /// A driver's flow: the queue, accepting and the steps.
  func makeDriverControl() async -> DriverRideLogicControl {
    DriverRideLogicControl(rides: await rides(), pollInterval: AppContainer.ridePollInterval)
  }

  // MARK: - Screens

  /// The user's home: `[Passenger home]` or `[Driver home]`.
  /// - Parameters:
  ///   - alert: One sentence to show first, e.g. an offline notice.
  ///   - othersSignedIn: Whether other accounts are signed in on this device, which adds
  ///     `Switch account`.
  func makeHomeScreen(alert: String?, othersSignedIn: Bool = false) -> MenuScreen {
    MenuScreen.home(
      console: console, user: user, entries: homeEntries(othersSignedIn: othersSignedIn),
      alert: alert)
  }

  /// `[Profile]`, with rename, and `Passkeys` with Koober's API.
  func makeProfileScreen() -> ProfileScreen {
    ProfileScreen(console: console, container: self, offersPasskeys: parent.offersPasskeys)
  }

  /// `[Passkeys]`, wired to a new passkeys control and this device's authenticator.
  func makePasskeysScreen() -> PasskeysScreen {
    PasskeysScreen(
      console: console, user: user, control: parent.makePasskeysControl(),
      authenticator: parent.makePasskeyAuthenticator())
  }

  /// `[Fare estimate]`, back to this user's home.
  func makeFareEstimateScreen() -> FareEstimateScreen {
    FareEstimateScreen(
      console: console, control: parent.makeEstimateControl(), back: .home(user, alert: nil))
  }

  /// `[Request a ride]`.
  func makeRequestRideScreen() async -> RequestRideScreen {
    RequestRideScreen(console: console, user: user, control: await makePassengerControl())
  }

  /// `[Ride status]`.
  /// - Parameters:
  ///   - control: The control already following the ride, or `nil` for a new one.
  ///   - alert: One sentence to show first.
  func makeRideStatusScreen(following control: PassengerRideLogicControl?, alert: String?)
    async -> RideStatusScreen
  {
    let following: PassengerRideLogicControl
    if let control {
      following = control
    } else {
      following = await makePassengerControl()
    }
    return RideStatusScreen(console: console, user: user, control: following, alert: alert)
  }

  /// `[My rides]`.
  func makeMyRidesScreen() async -> MyRidesScreen {
    MyRidesScreen(console: console, user: user, rides: await rides())
  }

  /// `[Ride queue]`.
  func makeRideQueueScreen() async -> RideQueueScreen {
    RideQueueScreen(console: console, user: user, control: await makeDriverControl())
  }

  /// The home menu: a driver's queue first, then the features this user's type can use (a
  /// passenger's ride status after the request), then the accounts (switch, when others are
  /// signed in, and add), sign out and quit.
  private func homeEntries(othersSignedIn: Bool) -> [MenuEntry<Destination>] {
    var entries: [MenuEntry<Destination>] = []
    if user.type == .driver {
      entries.append(
        MenuEntry(title: TextTable.koober.text("entry.rideQueue"), value: .rideQueue(user)))
    }
    for feature in FeatureCatalog.shown where feature.isAvailable(to: user.type) {
      entries.append(
        MenuEntry(title: FeatureCatalog.menuTitle(feature), value: .feature(feature, user: user)))
      if feature == .requestRide {
        entries.append(
          MenuEntry(
            title: TextTable.koober.text("entry.rideStatus"),
            value: .rideStatus(user, following: nil, alert: nil)))
      }
    }
    if othersSignedIn {
      entries.append(
        MenuEntry(
          title: TextTable.koober.text("entry.switchAccount"), value: .switchAccount(from: user)))
    }
    return entries + [
      MenuEntry(title: TextTable.koober.text("entry.addAccount"), value: .addAccount(from: user)),
      MenuEntry(title: TextTable.koober.text("entry.signOut"), value: .signOut), .quit,
    ]
  }
}
