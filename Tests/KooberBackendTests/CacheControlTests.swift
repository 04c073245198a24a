import Foundation
import Testing

@Suite("Cache-Control on responses that carry tokens")
struct CacheControlTests {
  @Test("sign-up, sign-in, the challenge, otp/verify and refresh answer Cache-Control: no-store")
  func sessionResponses_areNotStored() async throws {
    let server = try TestBackend()
    defer { server.stop() }
    let signUp = try await server.signUp("ann@example.com")
    let signIn = try await server.signIn("ann@example.com")
    let refreshToken = try #require(signIn.string("refreshToken"))
    let refresh = try await server.send(
      "POST", "/v1/auth/refresh", json: ["refreshToken": refreshToken])
    try await server.signUp("dan@example.com", type: "driver")
    let challenge = try await server.signIn("dan@example.com")
    let id = try #require((challenge.json["challenge"] as? [String: Any])?["id"] as? String)
    let code = try #require(try await server.latestCode(for: "dan@example.com"))
    let verify = try await server.send(
      "POST", "/v1/auth/otp/verify", json: ["challengeId": id, "code": code])
    let answers = [
      "sign-up": signUp, "sign-in": signIn, "refresh": refresh, "challenge": challenge,
      "otp/verify": verify,
    ]
    for (route, answer) in answers {
      #expect([200, 201, 202].contains(answer.status), "\(route): \(answer.outcome)")
      #expect(answer.headers["cache-control"] == "no-store", "\(route)")
      #expect(answer.headers["pragma"] == "no-cache", "\(route)")
    }
  }
}
