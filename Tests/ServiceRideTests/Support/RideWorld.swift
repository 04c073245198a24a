import Foundation
import KooberBackend
import LoginCore
import NetworkClient
import RideModel
import ServiceRide
import ServiceUser
import ServiceUserKoober
import ServiceUserLogin
import TestSupport
import UserModel

/// A reference backend on a loopback port with its own temporary folder, and the people who
/// sign up on it, each on a device of their own (own session file, own databases).
final class RideWorld: Sendable {
  let folder: TemporaryDirectory
  let backend: KooberBackend
  let failingReceipts = RideIDSet()

  /// Starts a backend; receipts of the rides put in `failingReceipts` answer 500.
  init() throws {
    folder = try TemporaryDirectory(prefix: "service-ride")
    var configuration = KooberBackend.Configuration(dataDirectory: folder.url("backend"))
    configuration.passwordIterations = 1_000
    let failing = failingReceipts
    configuration.receiptFailure = { id in failing.contains(id) }
    backend = try KooberBackend.start(configuration)
  }

  /// Stops the backend and removes the folder.
  func tearDown() {
    backend.stop()
    folder.remove()
  }

  /// Signs a new person up on a device of their own.
  func person(_ name: String, _ type: UserType) async throws -> Person {
    let device = Device(world: self, name: name)
    let session = try await device.account.signUp(
      SignUpCredentials(
        identifier: Self.email(name), password: Self.password, name: name, type: type))
    return try await device.person(for: session.user)
  }

  /// Signs an existing passenger in on another device; `prepare` runs before the ride
  /// service opens the user's database there, e.g. to spoil the file.
  func secondDevice(
    of person: Person, prepare: (URL) throws -> Void
  ) async throws -> Person {
    let device = Device(world: self, name: "\(person.user.name ?? "someone")-2")
    let outcome = try await device.account.signIn(
      identifier: person.user.identifier, password: Self.password)
    guard case .signedIn(let session) = outcome else { throw AuthFailure.refused(.notSignedIn) }
    try FileManager.default.createDirectory(
      at: device.userDatabaseFile(session.user.id).deletingLastPathComponent(),
      withIntermediateDirectories: true)
    try prepare(device.userDatabaseFile(session.user.id))
    return try await device.person(for: session.user)
  }

  static let password = "rides4ever"

  static func email(_ name: String) -> String { "\(name.lowercased())@example.com" }
}

/// One device: its own network client, account database, session file and user databases.
private struct Device {
  let folder: URL
  let client: NetworkClient
  let account: ServiceUser

  init(world: RideWorld, name: String) {
    folder = world.folder.url("devices/\(name)")
    client = NetworkClient(
      baseURL: world.backend.baseURL,
      retryPolicy: RetryPolicy(maxRetries: 1, baseDelay: .milliseconds(5), jitter: 0),
      // A bound against hanging: the whole suite at once can hold the backend up for seconds.
      timeout: .seconds(60))
    account = ServiceUser(
      remote: KooberAuthAPI(network: client), network: client,
      accountDatabaseURL: folder.appendingPathComponent("accounts.sqlite"),
      sessionStore: FileSessionStore(directory: folder.appendingPathComponent("session")),
      userDatabasesFolder: folder.appendingPathComponent("users"))
  }

  func userDatabaseFile(_ userID: String) -> URL {
    folder.appendingPathComponent("users/user-\(userID).sqlite")
  }

  func person(for user: User) async throws -> Person {
    let rides = await RideService.make(
      serviceUser: account, userID: user.id,
      receiptExport: ReceiptExportOptions(
        maxConcurrent: 3,
        retryPolicy: RetryPolicy(maxRetries: 2, baseDelay: .milliseconds(5), jitter: 0)))
    let here = try Places.circularQuay
    return Person(
      user: user, account: account, rides: rides,
      locations: KooberLocationService(
        provider: FixedLocationProvider(location: here), network: client))
  }
}

/// One signed-up person and their services.
struct Person: Sendable {
  let user: User
  let account: ServiceUser
  let rides: RideService
  let locations: KooberLocationService
}

/// Ride ids shared between a test and the backend's receipt-failure hook.
final class RideIDSet: @unchecked Sendable {
  private let lock = NSLock()
  private var ids: Set<String> = []

  func insert(_ id: String) {
    lock.withLock { _ = ids.insert(id) }
  }

  func contains(_ id: String) -> Bool {
    lock.withLock { ids.contains(id) }
  }
}

/// Places of the backend's built-in list.
enum Places {
  static var circularQuay: Location {
    get throws { try Location(latitude: -33.8611, longitude: 151.2112, address: "Circular Quay") }
  }
  static var operaHouse: Location {
    get throws {
      try Location(latitude: -33.8568, longitude: 151.2153, address: "Sydney Opera House")
    }
  }
  static var centralStation: Location {
    get throws {
      try Location(latitude: -33.8832, longitude: 151.2063, address: "Central Station")
    }
  }
}

