import Foundation
import KooberWire
import LoopbackServer
import UserModel

/// `/v1/users/me`: the signed-in user's own account.
enum UserRoutes {
  /// Adds the routes.
  /// - Parameter router: the backend's router.
  static func register(on router: BackendRouter) {
    router.add(.get, "/v1/users/me", me)
    router.add(.patch, "/v1/users/me", updateMe)
  }

  /// `200` User.
  static func me(_ context: RequestContext) async throws(APIError) -> HTTPResponse {
    try BackendRouter.json(KooberWire.User(try context.authenticate().user))
  }

  /// `{"name"}` — `200` User; `null` (or an empty name) clears it; `422 invalid_name`.
  static func updateMe(_ context: RequestContext) async throws(APIError) -> HTTPResponse {
    let caller = try context.authenticate()
    let body = try context.body()
    guard body.contains("name") else { throw .malformedBody("`name` is required") }
    let name = try body.optionalString("name")
    if let problem = CredentialRules.koober.nameProblem(in: name) {
      let reason = CredentialProblem.name(problem)
      throw APIError(status: 422, code: reason.code, message: reason.message)
    }
    let user = try context.store.updateName(
      userID: caller.user.id, to: CredentialRules.normalizedName(name))
    return try BackendRouter.json(KooberWire.User(user))
  }
}
