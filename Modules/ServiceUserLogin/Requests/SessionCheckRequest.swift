import Foundation
import NetworkClient
import UserModel

/// `GET /v1/auth/session` (authorized): whether the access token is still honoured, and for
/// whom. Renewal and the unauthorized hook come from the client.
struct SessionCheckRequest: DefaultRequest {
  /// The answer: `{"user": User, "expiresAt": date}`.
  struct Answer: Decodable {
    let user: User
    let expiresAt: Date
  }

  typealias Result = Answer
  typealias ResultData = User

  let configuration: Void

  init(configuration: Void = ()) {
    self.configuration = configuration
  }

  var method: HTTPMethod { .get }
  var path: String { "/v1/auth/session" }
  var requiresAuthorization: Bool { true }
  static var decoder: JSONDecoder { KooberJSON.decoder() }

  func transform(_ result: Answer) -> User? {
    result.user
  }
}
