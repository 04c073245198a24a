import Foundation
import NetworkClient

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// A fake transport that answers from a script, one answer per request in order (the last
/// one again once the script runs out), and records every request it was given. It
/// implements `send(_:timeout:)` only, as a test fake does: the pipeline's rules run over it
/// through the protocol's default streaming path.
final class ScriptTransport: HTTPTransport {
  struct Answer: Sendable {
    var status: Int
    var headers: [String: String] = [:]
    var body = Data()
  }

  private let script: [Answer]
  private let requests = Shared([URLRequest]())

  init(_ script: [Answer]) { self.script = script }

  var sent: [URLRequest] { requests.value }

  /// The `Authorization` header of each request sent, in order.
  var authorizations: [String?] {
    sent.map { $0.value(forHTTPHeaderField: "Authorization") }
  }

  func send(_ request: URLRequest, timeout: Duration?) async throws(NetworkError)
    -> (Data, HTTPURLResponse)
  {
    let index = requests.update { sent -> Int in
      sent.append(request)
      return sent.count - 1
    }
    guard let url = request.url, !script.isEmpty,
      case let answer = script[min(index, script.count - 1)],
      let response = HTTPURLResponse(
        url: url, statusCode: answer.status, httpVersion: "HTTP/1.1",
        headerFields: answer.headers)
    else { throw .unexpectedResponse("the script has no answer") }
    return (answer.body, response)
  }
}
