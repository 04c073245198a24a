import Foundation
import NetworkClient

// The request types of the network benchmarks.

/// The small JSON object every benchmark request fetches.
struct BenchItem: Decodable, Sendable {
  var id: Int
  var name: String
}

/// `GET <path>` decoded into a `BenchItem`.
struct BenchItemRequest: DefaultRequest {
  typealias Result = BenchItem
  typealias ResultData = BenchItem

  let configuration: String
  init(configuration: String) { self.configuration = configuration }

  var method: HTTPMethod { .get }
  var path: String { configuration }
}
