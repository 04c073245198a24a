import Foundation
import LoginCore
import Testing
import UserModel

/// An adapter that relies on every default: only the four operations every server has.
struct MinimalAPI: AuthRemoteAPI {
  func signIn(_ credentials: SignInCredentials) async throws(AuthFailure) -> SignInOutcome {
    throw .unsupported(.signIn)
  }
  func refresh(_ session: UserSession) async throws(AuthFailure) -> UserSession {
    throw .unsupported(.refresh)
  }
  func currentUser(accessToken: String) async throws(AuthFailure) -> User {
    throw .unsupported(.currentUser)
  }
  func signOut(_ session: UserSession) async throws(AuthFailure) {
    throw .unsupported(.signOut)
  }
}

/// The default reading of a failed answer to a request that carried the access token.
@Suite("an authorized request's failure, read by default")
struct DefaultAuthorizedFailureTests {
  static func failure(_ status: Int, _ headers: [String: String] = [:]) -> AuthFailure {
    MinimalAPI().failure(ofAuthorizedStatus: status, headers: headers, body: Data())
  }

  @Test(
    "a 401 rejects the access token whatever the challenge says (renew once)",
    arguments: [
      [:], ["WWW-Authenticate": #"Bearer realm="api""#],
      ["WWW-Authenticate": #"Bearer error="invalid_token""#], ["WWW-Authenticate": "Basic"],
    ])
  func unauthorized(headers: [String: String]) {
    #expect(Self.failure(401, headers) == .refused(.accessTokenRejected))
  }

  @Test("other answers never end or renew a session")
  func others() {
    let invalid = ["WWW-Authenticate": #"Bearer error="invalid_token""#]
    #expect(
      Self.failure(403, invalid)
        == .unavailable(.unexpectedAnswer(status: 403, "the server answered HTTP 403.")))
    #expect(Self.failure(500).endsSession == false)
    #expect(Self.failure(503, ["Retry-After": "7"]) == .unavailable(.busy(retryAfterSeconds: 7)))
  }
}
