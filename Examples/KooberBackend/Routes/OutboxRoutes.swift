import Foundation
import LoopbackServer
import UserModel

/// `/v1/dev/outbox`: the messages the backend "sent", served in demo mode only, so a person
/// (or a test) can read a driver's one-time code.
enum OutboxRoutes {
  /// Adds the routes.
  /// - Parameter router: the backend's router.
  static func register(on router: BackendRouter) {
    router.add(.get, "/v1/dev/outbox", outbox)
  }

  /// `?to=<email>` — `200 {"messages": [{"to", "body", "sentAt"}]}`, newest last;
  /// `400 malformed_query` without `to`.
  static func outbox(_ context: RequestContext) async throws(APIError) -> HTTPResponse {
    guard let to = context.query("to"), !CredentialRules.normalizedEmail(to).isEmpty else {
      throw .malformedQuery("`to` is required")
    }
    return try BackendRouter.json(Messages(messages: try context.store.messages(to: to)))
  }

  private struct Messages: Encodable {
    var messages: [BackendStore.OutboxMessage]
  }
}
