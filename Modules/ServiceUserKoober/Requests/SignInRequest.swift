import Foundation
import KooberWire
import NetworkClient
import UserModel
import WireFormat

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
  var body: (any Encodable & Sendable)? { KooberWire.SignInBody(configuration) }
  /// The password: never shown in a log line or description.
  var carriesCredentials: Bool { true }
  static var decoder: JSONDecoder { WireJSON.decoder() }
  static var encoder: JSONEncoder { WireJSON.encoder() }
}
