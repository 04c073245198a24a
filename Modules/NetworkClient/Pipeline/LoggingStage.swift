import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Logs one line per attempt, as it ended: method, URL, headers and body with every secret
/// redacted (a body that carries credentials is not shown at all), then the status and size
/// or the error's code. Inside the retry stage and the app's stages, so each retry and what
/// the app's stages added are logged; outside redirects, so one attempt is one line.
struct LoggingStage: NetworkStage {
  let logger: @Sendable (String) -> Void

  func send(_ exchange: NetworkExchange, next: NextStage)
    async throws(NetworkError) -> NetworkResponse
  {
    do {
      let answer = try await next(exchange)
      log(exchange, outcome: "\(answer.status), \(answer.data.count) bytes")
      return answer
    } catch {
      log(exchange, outcome: error.code)
      throw error
    }
  }

  private func log(_ exchange: NetworkExchange, outcome: String) {
    let request = exchange.request
    var line = "\(request.httpMethod ?? "GET") \(Redactor.describe(request.url))"
    if let headers = request.allHTTPHeaderFields, !headers.isEmpty {
      line += " [\(Redactor.describe(headers: headers))]"
    }
    if let body = request.httpBody, !body.isEmpty {
      let shown =
        exchange.carriesCredentials
        ? Redactor.placeholder : Redactor.excerpt(of: body, limit: 1024)
      line += " body: " + (shown ?? "")
    }
    logger(line + " -> " + outcome)
  }
}
