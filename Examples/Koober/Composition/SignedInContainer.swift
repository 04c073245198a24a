import DatabaseClient
import LoginLogicControl
import ServiceUser
import UserModel

/// The signed-in container (seeds/002's main container), made per user: that user's own
/// database and the screens of a signed-in person. Signing out drops it.
@MainActor
final class SignedInContainer {
  /// The signed-in user, as last reported by the server (a rename updates it).
  private(set) var user: User
  /// The user's service (shared with the app container).
  let serviceUser: ServiceUser
  private let console: Console
  private var database: Database?

  /// Makes the container.
  /// - Parameters:
  ///   - parent: The app container.
  ///   - user: The signed-in user.
  init(parent: AppContainer, user: User) {
    self.user = user
    serviceUser = parent.serviceUser
    console = parent.console
  }

  /// The user's own database (a separate SQLite file per user), opened on first use; the
  /// ride history's cache lives here.
  /// - Returns: The open database.
  /// - Throws: `ServiceUserError` when the file cannot be opened.
  func userDatabase() async throws -> Database {
    if let database { return database }
    let opened = try await serviceUser.userDatabase(for: user.id)
    database = opened
    return opened
  }

  /// Records newer details of the same user (e.g. after a rename).
  /// - Parameter user: The user as the server now has it.
  func update(_ user: User) {
    guard user.id == self.user.id else { return }
    self.user = user
  }

  // MARK: - Screens

  /// The user's home: `[Passenger home]` or `[Driver home]`.
  /// - Parameter alert: One sentence to show first, e.g. an offline notice.
  func makeHomeScreen(alert: String?) -> HomeScreen {
    HomeScreen(console: console, user: user, entries: homeEntries, alert: alert)
  }

  /// `[Profile]`, with rename.
  func makeProfileScreen() -> ProfileScreen {
    ProfileScreen(console: console, container: self)
  }

  /// The home menu: the features this user's type can use, then sign out and quit. Ride
  /// features (and a driver's queue) join here.
  private var homeEntries: [MenuEntry<Destination>] {
    let features = FeatureCatalog.shown.filter { $0.isAvailable(to: user.type) }.map {
      MenuEntry(title: FeatureCatalog.menuTitle($0), value: Destination.feature($0, user: user))
    }
    return features + [
      MenuEntry(title: "Sign out", value: .signOut),
      MenuEntry(title: "Quit", value: .quit),
    ]
  }
}
