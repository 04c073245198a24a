import Foundation
import NetworkClient

/// `POST /v1/auth/sign-out` with the access token set by hand: the session ends whatever the
/// answer, so neither a renewal nor the unauthorized hook should run.
package struct SignOutRequest: DefaultRequest {
  /// The access token of the session to revoke.
  package typealias Configuration = String
  /// The answer has no body (`204`).
  package typealias Result = EmptyResult
  /// Nothing to hand back.
  package typealias ResultData = EmptyResult

  /// The access token of the session to revoke.
  package let configuration: String

  /// Creates the request.
  /// - Parameter configuration: The access token of the session to revoke.
  package init(configuration: String) {
    self.configuration = configuration
  }

  /// A POST.
  package var method: HTTPMethod { .post }
  /// The sign-out route.
  package var path: String { "/v1/auth/sign-out" }
  /// The bearer token, set here rather than by the client's authorization provider.
  package var headers: [String: String] { ["Authorization": "Bearer \(configuration)"] }
}

extension SignOutRequest: CustomStringConvertible, CustomDebugStringConvertible,
  CustomReflectable
{
  /// The route with the token redacted, so a request printed by mistake shows no token.
  package var description: String { "SignOutRequest(token: <redacted>)" }

  /// The same as `description`.
  package var debugDescription: String { description }

  /// A mirror without the token, so `dump` shows none either.
  package var customMirror: Mirror {
    Mirror(self, children: ["token": "<redacted>"], displayStyle: .struct)
  }
}
