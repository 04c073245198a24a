import Foundation

/// One answer of the provider, whatever its status: what the adapter reads errors from.
struct ProviderAnswer: Sendable {
  /// The HTTP status.
  let status: Int
  /// The headers, names as sent (LoginCore's readers look them up in any case).
  let headers: [String: String]
  /// The body, at most `ProviderExchange.maxBodyBytes`.
  let body: Data

  /// Whether the status is 2xx.
  var isSuccess: Bool { (200...299).contains(status) }

  /// The body as a JSON object, or `nil`.
  var json: JSONFields? { JSONFields(body) }
}
