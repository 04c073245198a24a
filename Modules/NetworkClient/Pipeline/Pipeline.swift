import Foundation

/// The stages every exchange passes through, outermost first, over one transport. The order
/// is documented once, in <doc:ThePipeline>:
///
/// 1. authorization (bearer token, one renewal on a rejected token)
/// 2. retry (policy, backoff, `Retry-After`)
/// 3. the app's own stages
/// 4. logging (one redacted line per attempt)
/// 5. redirects (refused, or same-origin without credentials)
/// 6. URL policy (on every URL contacted)
/// 7. transfer rules (``ResponseReader``), then the transport.
struct Pipeline: Sendable {
  /// Stages 1 to 6 (a client without a logger has no logging stage).
  let stages: [any NetworkStage]
  let transport: any HTTPTransport

  /// The client's whole pipeline.
  static func client(
    authorization: AuthorizationStage, clock: any Clock<Duration>, appStages: [any NetworkStage],
    logger: (@Sendable (String) -> Void)?, allowsInsecureHTTP: Bool, checkedBase: String?,
    transport: any HTTPTransport
  ) -> Pipeline {
    var stages: [any NetworkStage] = [authorization, RetryStage(clock: clock)]
    stages += appStages
    if let logger { stages.append(LoggingStage(logger: logger)) }
    let policy = URLPolicyStage(allowsInsecureHTTP: allowsInsecureHTTP, checkedBase: checkedBase)
    stages += [RedirectStage(), policy]
    return Pipeline(stages: stages, transport: transport)
  }

  /// The byte-level stages only (redirects, URL policy, transfer rules), for a transport used
  /// on its own: `HTTPTransport.send(_:timeout:limits:allowsInsecureHTTP:)`, with the same
  /// URL policy as a client's (`http` off loopback only when the caller opts out).
  static func bytes(over transport: any HTTPTransport, allowsInsecureHTTP: Bool) -> Pipeline {
    let policy = URLPolicyStage(allowsInsecureHTTP: allowsInsecureHTTP, checkedBase: nil)
    return Pipeline(stages: [RedirectStage(), policy], transport: transport)
  }

  /// Sends `exchange` through every stage.
  func send(_ exchange: NetworkExchange) async throws(NetworkError) -> NetworkResponse {
    try await send(exchange, from: 0)
  }

  private func send(_ exchange: NetworkExchange, from index: Int)
    async throws(NetworkError) -> NetworkResponse
  {
    guard index < stages.count else {
      return try await ResponseReader.read(exchange, over: transport)
    }
    return try await stages[index].send(exchange) {
      (next: NetworkExchange) async throws(NetworkError) -> NetworkResponse in
      try await send(next, from: index + 1)
    }
  }
}
