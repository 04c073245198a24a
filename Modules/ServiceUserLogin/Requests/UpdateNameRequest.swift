import Foundation
import NetworkClient
import UserModel

/// `PATCH /v1/users/me` (authorized) with `{"name": …}`; an explicit `null` clears the name.
struct UpdateNameRequest: DefaultRequest {
  typealias Configuration = String?
  typealias Result = User
  typealias ResultData = User

  let configuration: String?

  init(configuration: String?) {
    self.configuration = configuration
  }

  var method: HTTPMethod { .patch }
  var path: String { "/v1/users/me" }
  var requiresAuthorization: Bool { true }
  var body: (any Encodable & Sendable)? { NameChange(name: configuration) }
  static var decoder: JSONDecoder { KooberJSON.decoder() }
  static var encoder: JSONEncoder { KooberJSON.encoder() }
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
