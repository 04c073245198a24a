import Foundation
import KooberWire
import Localization
import LoginCore
import LoginLogicControl
import NetworkClient
import RideLogicControl
import ServiceRide
import ServiceUser
import ServiceUserKoober
import ServiceUserOIDC
import UserModel

/// The app container (the design's app container): what lives as long as the process.
///
/// It is where the modules meet. Read top to bottom, `make` is the whole wiring:
/// data folder → server (embedded backend or `--server`) → `NetworkClient` → `ServiceUser`
/// (account database, session store) → the login environment shared by every logic control
/// → the session control that notices sign-outs from anywhere. The navigator (the screens),
/// the onboarding container and the per-user signed-in container are made from it. It runs
/// no command: each command asks `CommandContext` for a container and runs on it.
///
/// ```swift
/// let app = try AppContainer.make(global: invocation.global, environment: env, console: c)
/// defer { app.close() }
/// await app.makeNavigator().run()
/// ```
@MainActor
final class AppContainer {
  /// The terminal.
  let console: Console
  /// The client's files for the chosen server.
  let clientFolder: ClientFolder
  /// The server: the embedded backend or `--server`.
  let server: ServerConnection
  /// A plain client for calls outside the user's service (the demo outbox).
  let network: NetworkClient
  /// Network + account database + session: the user's service (ServiceUser + extensions).
  let serviceUser: ServiceUser
  /// This process's login events; appended to `eventLogStore` by `close()`.
  let eventLog: LoginEventLog
  /// What every login control shares: the service, the log, the clocks.
  let loginEnvironment: LoginEnvironment
  /// Signing out, and sessions ended elsewhere (revoked, expired).
  let sessionControl: SessionLogicControl
  /// The check made before a feature opens (guests need an account for some).
  let guestGate: GuestGate
  /// A driver's sign-in waiting for `koober verify`.
  let pendingSignIns: PendingSignInStore
  /// The event log on disk.
  let eventLogStore: EventLogStore
  /// The current location (the fixed pickup) and the place search; no account needed.
  let locations: KooberLocationService

  /// The one sentence every ride feature says when koober signs in with an OpenID Connect
  /// provider (`--oidc-issuer`), which has no rides; `nil` with Koober's API.
  let ridesUnavailable: String?
  /// Whether the screens offer "Sign in with browser" and "Sign in on another device"
  /// (with `--oidc-issuer`).
  let offersProviderSignIn: Bool
  /// `$BROWSER`, which the browser sign-in runs with the provider's address.
  let browserProgram: String?
  /// How often a followed ride is checked with the server.
  static let ridePollInterval: Duration = .seconds(2)

  /// What the ride features say in OIDC mode.
  static var ridesNeedKooberAPI: String { TextTable.koober.text("startup.ridesNeedKooberAPI") }

  private init(
    console: Console, clientFolder: ClientFolder, server: ServerConnection,
    network: NetworkClient, serviceUser: ServiceUser, ridesUnavailable: String?,
    browserProgram: String?
  ) {
    self.ridesUnavailable = ridesUnavailable
    self.offersProviderSignIn = ridesUnavailable != nil
    self.browserProgram = browserProgram
    self.console = console
    self.clientFolder = clientFolder
    self.server = server
    self.network = network
    self.serviceUser = serviceUser
    eventLog = LoginEventLog()
    loginEnvironment = LoginEnvironment(service: serviceUser, log: eventLog)
    sessionControl = SessionLogicControl(environment: loginEnvironment)
    guestGate = GuestGate(log: eventLog)
    pendingSignIns = PendingSignInStore(url: clientFolder.pendingSignIn)
    eventLogStore = EventLogStore(url: clientFolder.eventLog)
    locations = KooberLocationService(provider: FixedPickup(), network: network)
  }

  /// Builds everything the host needs, starting the embedded backend unless `--server` or
  /// `--oidc-issuer` was given.
  /// - Parameters:
  ///   - global: `--server` and `--data-dir`.
  ///   - environment: The process environment.
  ///   - console: The terminal.
  /// - Returns: The container.
  /// - Throws: `StartupFailure` when a KOOBER_* setting is invalid (exit 2), or the data
  ///   folder cannot be made or the backend cannot start.
  static func make(global: GlobalOptions, environment: [String: String], console: Console)
    throws(StartupFailure) -> AppContainer
  {
    let client = try ClientSettings(environment: environment)
    let dataFolder = try Self.prepareDataFolder(global: global, environment: environment)
    let clientFolder = dataFolder.clientFolder(for: global)
    try Self.createFolder(clientFolder.url)
    // The folder's session belongs to this server identity from now on (a folder made before
    // identities were recorded is adopted here).
    if let identity = clientFolder.identity, clientFolder.recordedIdentity == nil {
      do {
        try PrivateFile.save(Data(identity.utf8), to: clientFolder.identityFile)
      } catch {
        throw StartupFailure(message: error.message, exitCode: .failure)
      }
    }
    let server: ServerConnection
    if let url = global.oidc?.issuer ?? global.server {
      server = .remote(url)
    } else {
      let settings = try BackendSettings(environment: environment)
      server = try .embedded(in: dataFolder.backendFolder, settings: settings)
    }
    // A person waits at a terminal: one quick retry, and a shorter limit than an app's.
    let network = NetworkClient(
      baseURL: server.baseURL,
      retryPolicy: RetryPolicy(maxRetries: 1, baseDelay: .milliseconds(300)),
      timeout: client.requestTimeout)
    // The account server's adapter: Koober's REST API, or the OpenID Connect provider.
    let remote: any AuthRemoteAPI =
      if let oidc = global.oidc {
        OIDCAuthAPI(
          configuration: try Self.configuration(
            oidc, environment: environment, timeout: client.requestTimeout))
      } else {
        // The embedded backend listens on a new port each run: its sessions are recorded
        // under the data folder's backend instead of the URL.
        KooberAuthAPI(
          network: network, sessionIssuer: clientFolder.identity ?? Self.embeddedIdentity)
      }
    // Koober's people sign in with an email, and its server's password and name rules are
    // Koober's (a provider's are its own): stated here once; the login environment, the
    // logic controls and the screens' forms read them from the service.
    let serviceUser = ServiceUser(
      remote: remote, network: network, accountDatabaseURL: clientFolder.accountDatabase,
      sessionStore: FileSessionStore(directory: clientFolder.sessionFolder),
      userDatabasesFolder: clientFolder.usersFolder, identifierRule: .email,
      credentialRules: global.oidc == nil ? .koober : .default)
    return AppContainer(
      console: console, clientFolder: clientFolder, server: server, network: network,
      serviceUser: serviceUser, ridesUnavailable: global.oidc == nil ? nil : ridesNeedKooberAPI,
      browserProgram: environment["BROWSER"])
  }

  /// The identity recorded in the embedded backend's sessions.
  private static let embeddedIdentity = "koober embedded backend"

  /// The OIDC adapter's configuration from the command line (and the client secret from
  /// stdin or `KOOBER_CLIENT_SECRET`: `OIDCOptions.clientSecret(environment:)`).
  /// - Throws: `StartupFailure` (exit 2) for a plain-http issuer that is not loopback, or
  ///   `--client-secret-stdin` without a line.
  private static func configuration(
    _ oidc: OIDCOptions, environment: [String: String], timeout: Duration
  ) throws(StartupFailure) -> OIDCConfiguration {
    let secret = try oidc.clientSecret(environment: environment)
    do {
      return try OIDCConfiguration(
        issuer: oidc.issuer, clientID: oidc.clientID, defaultUserType: .passenger,
        clientSecret: secret, scopes: oidc.scopes ?? OIDCConfiguration.defaultScopes,
        addsOfflineAccessWhenSupported: oidc.scopes == nil,
        revocationEndpoint: oidc.revocationURL, deviceAuthorizationEndpoint: oidc.deviceURL,
        userTypeClaim: oidc.typeClaim, timeout: timeout)
    } catch {
      throw StartupFailure(message: error.message, exitCode: .usage)
    }
  }

  /// The data folder, created 0700 when missing.
  /// - Throws: `StartupFailure` when it cannot be created.
  static func prepareDataFolder(global: GlobalOptions, environment: [String: String])
    throws(StartupFailure) -> DataFolder
  {
    let folder = DataFolder(
      option: global.dataDirectory, environment: environment,
      workingDirectory: URL(
        fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true))
    // From here on by its real path: no link on the way can be repointed under koober.
    do {
      return try folder.prepared()
    } catch {
      throw StartupFailure(message: error.message, exitCode: .failure)
    }
  }

  private static func createFolder(_ url: URL) throws(StartupFailure) {
    do {
      try DataFolder.createPrivateFolder(url)
    } catch {
      throw StartupFailure(message: error.message, exitCode: .failure)
    }
  }

  // MARK: - Navigation and child containers

  /// The screens' navigator: it shows one screen at a time and makes the child containers
  /// below as the person moves between signed out and signed in.
  func makeNavigator() -> Navigator {
    Navigator(app: self)
  }

  /// The onboarding container: sign-in, sign-up and code controls, view models and screens.
  func makeOnboardingContainer() -> OnboardingContainer {
    OnboardingContainer(parent: self)
  }

  /// The signed-in container of one user: their database and their screens.
  /// - Parameter user: The signed-in user.
  func makeSignedInContainer(for user: User) -> SignedInContainer {
    SignedInContainer(parent: self, user: user)
  }

  /// The passenger's request flow limited to fare estimates, for anyone, guests included.
  func makeEstimateControl() -> PassengerRideLogicControl {
    PassengerRideLogicControl(
      rides: EstimateOnlyRides(network: network), locations: locations,
      pollInterval: Self.ridePollInterval)
  }

  /// The launch check's control.
  func makeLaunchControl() -> LaunchLogicControl {
    LaunchLogicControl(environment: loginEnvironment)
  }

  // MARK: - Ending

  /// Keeps this process's events for `koober report` and stops the embedded backend.
  func close() {
    sessionControl.stopListening()
    do {
      try eventLogStore.append(eventLog.lines)
    } catch {
      console.error(error.message)
    }
    server.stop()
  }
}
