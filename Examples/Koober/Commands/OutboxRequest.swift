import Foundation
import NetworkClient

/// `GET /v1/dev/outbox?to=E`: the messages a demo-mode server "sent" to an email, newest
/// last (the HTTP contract). Only the host needs it, so it lives here rather than in a module.
struct OutboxRequest: DefaultRequest {
  /// One message.
  struct Message: Decodable, Sendable, Equatable {
    /// The email it went to.
    let to: String
    /// The text, e.g. `Your Koober code is 123456`.
    let body: String
    /// When it was sent.
    let sentAt: Date
  }

  /// The answer's shape.
  struct Answer: Decodable, Sendable {
    let messages: [Message]
  }

  typealias Result = Answer
  typealias ResultData = [Message]

  /// The email whose messages to fetch.
  let configuration: String

  init(configuration: String) {
    self.configuration = configuration
  }

  var method: HTTPMethod { .get }
  var path: String { "/v1/dev/outbox" }
  var query: [URLQueryItem] { [URLQueryItem(name: "to", value: configuration)] }

  func transform(_ result: Answer) -> [Message]? {
    result.messages
  }
}
