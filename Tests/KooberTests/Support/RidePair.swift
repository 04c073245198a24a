import Testing

/// Two people on one server, each with their own `koober` data folder: a passenger
/// (`pat@example.com`) and a driver (`dan@example.com`). Remove with `defer { pair.remove() }`.
final class RidePair: Sendable {
  /// The passenger's world; its folder also holds a test server's database.
  let passenger: KooberFixture
  /// The driver's world.
  let driver: KooberFixture

  /// Makes both folders.
  init() throws {
    passenger = try KooberFixture()
    driver = try KooberFixture()
  }

  /// Signs both up on the server (each stays signed in).
  /// - Parameter url: The server's URL.
  func signUp(on url: String) async throws {
    try await passenger.signUp(on: url, "pat@example.com", type: "passenger")
    try await driver.signUp(on: url, "dan@example.com", type: "driver")
  }

  /// The passenger requests a ride with `rides request`.
  /// - Returns: The ride's id and the command's output.
  func request(on url: String, to place: String, vehicle: String) async throws
    -> (id: String, output: String)
  {
    let request = try await passenger.run(
      on: url, ["rides", "request", "--to", place, "--vehicle", vehicle])
    let id = try #require(Transcript.rideID(in: request.stdout), "\(request.stderr)")
    return (id, request.stdout)
  }

  /// Deletes both folders.
  func remove() {
    passenger.remove()
    driver.remove()
  }
}
