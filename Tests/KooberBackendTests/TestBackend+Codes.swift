import Foundation
import Testing

extension TestBackend {
  /// Signs a driver in with the right password; returns the challenge and its code, read
  /// from the outbox.
  /// - Parameter email: the driver's email, signed up with the default password.
  func openChallenge(for email: String) async throws -> (id: String, code: String) {
    let response = try await signIn(email)
    let challenge = try #require(
      response.json["challenge"] as? [String: Any], "sign-in answered \(response.outcome)")
    let id = try #require(challenge["id"] as? String)
    let code = try #require(try await latestCode(for: email))
    return (id, code)
  }

  /// `POST /v1/auth/otp/verify`.
  func verify(_ challengeID: String, _ code: String) async throws -> APIResponse {
    try await send(
      "POST", "/v1/auth/otp/verify", json: ["challengeId": challengeID, "code": code])
  }

  /// A six-digit code that is not `code`.
  static func wrong(_ code: String) -> String {
    code == "000000" ? "000001" : "000000"
  }
}
