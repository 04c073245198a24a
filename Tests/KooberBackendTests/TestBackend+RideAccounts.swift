import Foundation
import RideModel
import KooberBackend
import WireFormat

/// A signed-up user: id and access token.
struct RideTestAccount: Sendable {
  let id: String
  let token: String
}

extension TestBackend {
  /// A backend for ride tests: no simulated driver unless `adjust` turns demo mode on, and
  /// access tokens that outlive the jumps of the test's clock.
  /// - Parameter adjust: further changes to the configuration.
  static func rides(
    adjust: (inout KooberBackend.Configuration) -> Void = { _ in }
  ) throws -> TestBackend {
    try TestBackend(demoMode: false) { configuration in
      configuration.accessTokenLifetime = 24 * 60 * 60
      adjust(&configuration)
    }
  }

  /// Signs up a new passenger with a unique email.
  func passenger() async throws -> RideTestAccount { try await account(type: "passenger") }

  /// Signs up a new driver with a unique email (sign-up gives drivers a session too).
  func driver() async throws -> RideTestAccount { try await account(type: "driver") }

  private func account(type: String) async throws -> RideTestAccount {
    let email = "\(type)-\(UUID().uuidString.prefix(8).lowercased())@example.com"
    let answer = try await signUp(email, type: type)
    guard answer.status == 201, let id = answer.user["id"] as? String,
      let token = answer.string("token")
    else { throw RideTestFailure("sign-up answered \(answer.outcome)") }
    return RideTestAccount(id: id, token: token)
  }
}

extension APIResponse {
  /// The body decoded with `WireJSON.decoder()`.
  func decode<T: Decodable>(_ type: T.Type = T.self) throws -> T {
    try WireJSON.decoder().decode(T.self, from: body)
  }

  /// `status code`, e.g. `409 invalid_transition`, or `200` for a success, for compact checks.
  var outcome: String {
    errorCode.map { "\(status) \($0)" } ?? "\(status)"
  }
}

/// A failed precondition of a test's own set-up.
struct RideTestFailure: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}
