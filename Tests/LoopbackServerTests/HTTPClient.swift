import Foundation
import LoopbackServer

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Real URLSession calls against a test's own server.
struct HTTPClient {
  let server: LoopbackServer
  let session = URLSession(configuration: .ephemeral)

  /// One request; the status, headers and body of its answer.
  func send(
    _ method: String, _ path: String, body: Data? = nil, headers: [String: String] = [:]
  ) async throws -> (status: Int, response: HTTPURLResponse, body: Data) {
    guard let url = URL(string: server.baseURL.absoluteString + path) else {
      throw URLError(.badURL)
    }
    var request = URLRequest(url: url)
    request.httpMethod = method
    request.httpBody = body
    for (name, value) in headers {
      request.setValue(value, forHTTPHeaderField: name)
    }
    let (data, response) = try await session.data(for: request)
    guard let http = response as? HTTPURLResponse else { throw URLError(.badServerResponse) }
    return (http.statusCode, http, data)
  }
}

/// API.md's error body.
struct ErrorBody: Decodable, Equatable {
  struct Detail: Decodable, Equatable {
    let code: String
    let message: String
  }

  let error: Detail
}

extension Data {
  /// Decodes API.md's error body, or nil.
  var apiError: ErrorBody.Detail? {
    (try? JSONDecoder().decode(ErrorBody.self, from: self))?.error
  }
}
