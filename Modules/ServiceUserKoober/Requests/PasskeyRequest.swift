import Foundation
import KooberWire
import LoginCore
import NetworkClient
import WebAuthn
import WireFormat

/// The passkey routes of the HTTP contract, as one request group: each names its method,
/// path, body and access token, and how its answer becomes the caller's value.
struct PasskeyRequest<Answer: Decodable & Sendable, Output: Sendable>: DefaultRequest {
  /// One route: what is sent.
  struct Configuration: Sendable {
    /// The method.
    var method: HTTPMethod
    /// The path, ids already checked to be base64url.
    var path: String
    /// The JSON body, if any.
    var body: (any Encodable & Sendable)?
    /// The access token of an authorized route.
    var token: String?
  }

  typealias Result = Answer
  typealias ResultData = Output

  let configuration: Configuration
  /// The answer in the caller's words; `nil` for one that cannot be used.
  let output: @Sendable (Answer) -> Output?

  var method: HTTPMethod { configuration.method }
  var path: String { configuration.path }
  var body: (any Encodable & Sendable)? { configuration.body }
  var headers: [String: String] {
    configuration.token.map { ["Authorization": "Bearer \($0)"] } ?? [:]
  }
  /// An access token, a challenge's signature or a new public key: never in a log line.
  var carriesCredentials: Bool { true }
  static var decoder: JSONDecoder { WireJSON.decoder() }
  static var encoder: JSONEncoder { WireJSON.encoder() }

  func transform(_ result: Answer) -> Output? {
    output(result)
  }
}

extension PasskeyRequest: CustomStringConvertible, CustomDebugStringConvertible,
  CustomReflectable
{
  /// The route without its token or body.
  var description: String {
    "PasskeyRequest(\(configuration.method.rawValue) \(configuration.path), <redacted>)"
  }

  /// The same as `description`.
  var debugDescription: String { description }

  /// A mirror without the token or body, so `dump` shows neither.
  var customMirror: Mirror {
    Mirror(self, children: ["route": description], displayStyle: .struct)
  }
}

/// The answers and bodies of the passkey routes (API.md's "Passkeys").
enum PasskeyWire {
  /// `{"flowId", "publicKey": options}`.
  struct Flow<Options: Decodable & Sendable>: Decodable, Sendable {
    let flowId: String
    let publicKey: Options
  }

  /// `{"passkey": Passkey}`.
  struct Registered: Decodable, Sendable {
    let passkey: Passkey
  }

  /// `{"passkeys": [Passkey]}`.
  struct List: Decodable, Sendable {
    let passkeys: [Passkey]
  }

  /// `{}`, the options routes' body.
  struct Empty: Encodable, Sendable {}

  /// `{"flowId", "name", "credential"}`.
  struct Registration: Encodable, Sendable {
    let flowId: String
    let name: String
    let credential: RegistrationResponseJSON
  }

  /// `{"flowId", "credential"}`.
  struct Assertion: Encodable, Sendable {
    let flowId: String
    let credential: AuthenticationResponseJSON
  }

  /// `{"name"}`.
  struct Rename: Encodable, Sendable {
    let name: String
  }

  /// The path of one passkey, or `nil` when `id` is not base64url (so that no id can name
  /// another route: `..`, `/` and `%` never reach the path).
  static func path(of id: String) -> String? {
    let allowed = id.utf8.allSatisfy { byte in
      (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
        || (0x30...0x39).contains(byte) || byte == 0x2D || byte == 0x5F
    }
    // 1,023 bytes, the longest credential id WebAuthn allows, is 1,364 characters.
    guard allowed, !id.isEmpty, id.utf8.count <= 1_364 else { return nil }
    return "/v1/auth/passkeys/" + id
  }
}
