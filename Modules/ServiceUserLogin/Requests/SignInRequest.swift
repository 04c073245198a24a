import Foundation
import NetworkClient
import UserModel

/// `POST /v1/auth/sign-in`: a Session (200, passengers) or a challenge (202, drivers).
struct SignInRequest: DefaultRequest {
  typealias Configuration = SignInCredentials
  typealias Result = SignInAnswer
  typealias ResultData = SignInAnswer

  let configuration: SignInCredentials

  init(configuration: SignInCredentials) {
    self.configuration = configuration
  }

  var method: HTTPMethod { .post }
  var path: String { "/v1/auth/sign-in" }
  var body: (any Encodable & Sendable)? { configuration }
  static var decoder: JSONDecoder { KooberJSON.decoder() }
  static var encoder: JSONEncoder { KooberJSON.encoder() }
}

/// The two answers to a sign-in, told apart by the `challenge` key.
enum SignInAnswer: Decodable, Sendable {
  case session(UserSession)
  case challenge(Challenge)

  private enum CodingKeys: String, CodingKey {
    case challenge
  }

  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    if container.contains(.challenge) {
      self = .challenge(try container.decode(Challenge.self, forKey: .challenge))
    } else {
      self = .session(try UserSession(from: decoder))
    }
  }
}
