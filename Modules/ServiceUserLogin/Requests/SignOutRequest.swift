import Foundation
import NetworkClient

/// `POST /v1/auth/sign-out` with the access token set by hand: the session ends whatever the
/// answer, so neither a renewal nor the unauthorized hook should run.
struct SignOutRequest: DefaultRequest {
  typealias Configuration = String
  typealias Result = EmptyResult
  typealias ResultData = EmptyResult

  /// The access token of the session to revoke.
  let configuration: String

  init(configuration: String) {
    self.configuration = configuration
  }

  var method: HTTPMethod { .post }
  var path: String { "/v1/auth/sign-out" }
  var headers: [String: String] { ["Authorization": "Bearer \(configuration)"] }
}
