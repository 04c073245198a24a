import Foundation
import NetworkClient
import WireFormat

/// The requests that end a session at the server, as one request group: neither
/// renews anything, and the session ends here whatever the answer.
/// - `signOut`: `POST /v1/auth/sign-out` with the live access token set by hand.
/// - `revoke`: `POST /v1/auth/revoke` with `{"refreshToken"}` and no Authorization, for an
///   expired access token: the family is revoked without spending the refresh token.
package struct SignOutRequest: DefaultRequest {
  /// Which member of the group, with its token.
  package enum Configuration: Sendable {
    /// Sign-out with the session's access token.
    case signOut(accessToken: String)
    /// Revocation by the session's refresh token.
    case revoke(refreshToken: String)
  }
  /// The answer has no body (`204`).
  package typealias Result = EmptyResult
  /// Nothing to hand back.
  package typealias ResultData = EmptyResult

  /// Which member of the group this is.
  package let configuration: Configuration

  /// Creates the request.
  /// - Parameter configuration: Which member, with its token.
  package init(configuration: Configuration) {
    self.configuration = configuration
  }

  /// A POST.
  package var method: HTTPMethod { .post }
  /// The member's route.
  package var path: String {
    switch configuration {
    case .signOut: "/v1/auth/sign-out"
    case .revoke: "/v1/auth/revoke"
    }
  }
  /// The bearer token of a sign-out, set here rather than by the client's provider.
  package var headers: [String: String] {
    guard case .signOut(let token) = configuration else { return [:] }
    return ["Authorization": "Bearer \(token)"]
  }
  /// `{"refreshToken": …}` for a revocation.
  package var body: (any Encodable & Sendable)? {
    guard case .revoke(let token) = configuration else { return nil }
    return ["refreshToken": token]
  }
  /// A token in the header or body: never shown in a log line.
  package var carriesCredentials: Bool { true }
  /// The API's encoder.
  package static var encoder: JSONEncoder { WireJSON.encoder() }
}

extension SignOutRequest: CustomStringConvertible, CustomDebugStringConvertible,
  CustomReflectable
{
  /// The member with its token redacted, so a request printed by mistake shows no token.
  package var description: String {
    switch configuration {
    case .signOut: "SignOutRequest(token: <redacted>)"
    case .revoke: "SignOutRequest(refreshToken: <redacted>)"
    }
  }

  /// The same as `description`.
  package var debugDescription: String { description }

  /// A mirror without the token, so `dump` shows none either.
  package var customMirror: Mirror {
    Mirror(self, children: ["member": description], displayStyle: .struct)
  }
}
