import Foundation
import RideModel

/// A signed-up user: id and access token.
struct RideTestAccount: Sendable {
  let id: String
  let token: String
}

extension RideTestBackend {
  /// Signs up a new passenger with a unique email.
  func passenger() async throws -> RideTestAccount { try await signUp(type: "passenger") }

  /// Signs up a new driver with a unique email (sign-up gives drivers a session too).
  func driver() async throws -> RideTestAccount { try await signUp(type: "driver") }

  private func signUp(type: String) async throws -> RideTestAccount {
    let email = "\(type)-\(UUID().uuidString.prefix(8).lowercased())@example.com"
    let answer = try await send(
      "POST", "/v1/auth/sign-up",
      object: ["email": email, "password": "secret123", "type": type])
    guard answer.status == 201 else { throw RideTestFailure("sign-up answered \(answer.outcome)") }
    let session = try answer.decode(SignedUp.self)
    return RideTestAccount(id: session.user.id, token: session.token)
  }

  private struct SignedUp: Decodable {
    struct User: Decodable { let id: String }
    let user: User
    let token: String
  }
}

/// A failed precondition of a test's own set-up.
struct RideTestFailure: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}
