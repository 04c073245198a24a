import KooberWire
import LoginCore
import UserModel

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
      self = .session(try KooberWire.Session(from: decoder).session)
    }
  }
}
