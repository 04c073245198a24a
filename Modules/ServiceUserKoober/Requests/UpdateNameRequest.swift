import Foundation
import KooberWire
import NetworkClient
import UserModel
import WireFormat

/// `PATCH /v1/users/me` with an access token and `{"name": …}`; an explicit `null` clears the
/// name.
struct UpdateNameRequest: DefaultRequest {
  typealias Configuration = (name: String?, token: String)
  typealias Result = KooberWire.User
  typealias ResultData = User

  let configuration: (name: String?, token: String)

  init(configuration: (name: String?, token: String)) {
    self.configuration = configuration
  }

  var method: HTTPMethod { .patch }
  var path: String { "/v1/users/me" }
  var headers: [String: String] { ["Authorization": "Bearer \(configuration.token)"] }
  var body: (any Encodable & Sendable)? { NameChange(name: configuration.name) }
  static var decoder: JSONDecoder { WireJSON.decoder() }
  static var encoder: JSONEncoder { WireJSON.encoder() }

  func transform(_ result: KooberWire.User) -> User? {
    result.user
  }
}

/// `{"name": …}`, writing `null` rather than leaving the key out.
private struct NameChange: Encodable, Sendable {
  let name: String?

  private enum CodingKeys: String, CodingKey {
    case name
  }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(name, forKey: .name)
  }
}

extension UpdateNameRequest: CustomStringConvertible, CustomDebugStringConvertible,
  CustomReflectable
{
  /// The request without its token.
  var description: String {
    "UpdateNameRequest(name: \(configuration.name.map { "\"\($0)\"" } ?? "nil"), token: <redacted>)"
  }

  /// The same as `description`.
  var debugDescription: String { description }

  /// A mirror without the token, so `dump` shows none of it.
  var customMirror: Mirror {
    Mirror(self, children: ["name": configuration.name as Any, "token": "<redacted>"],
      displayStyle: .struct)
  }
}
