import Foundation
import KooberWire
import NetworkClient
import UserModel
import WireFormat

/// `GET /v1/auth/session` with an access token: whether it is still honoured, and for whom.
/// The token is the configuration; ServiceUser renews it, not the client.
struct SessionCheckRequest: DefaultRequest {
  /// The answer: `{"user": User, "expiresAt": date}`.
  struct Answer: Decodable {
    let user: KooberWire.User
    let expiresAt: Date
  }

  typealias Result = Answer
  typealias ResultData = User

  let configuration: String

  init(configuration: String) {
    self.configuration = configuration
  }

  var method: HTTPMethod { .get }
  var path: String { "/v1/auth/session" }
  var headers: [String: String] { ["Authorization": "Bearer \(configuration)"] }
  static var decoder: JSONDecoder { WireJSON.decoder() }

  func transform(_ result: Answer) -> User? {
    result.user.user
  }
}

extension SessionCheckRequest: CustomStringConvertible, CustomDebugStringConvertible,
  CustomReflectable
{
  /// The request without its token.
  var description: String { "SessionCheckRequest(token: <redacted>)" }

  /// The same as `description`.
  var debugDescription: String { description }

  /// A mirror without the token, so `dump` shows none of it.
  var customMirror: Mirror {
    Mirror(self, children: ["token": "<redacted>"], displayStyle: .struct)
  }
}
