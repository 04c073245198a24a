import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Checks every URL the pipeline contacts, the first and each redirect target, before the
/// transport sees it (`URLPolicy.problem(contacting:allowsInsecureHTTP:)`): `https`, or
/// `http` to a loopback host unless insecure HTTP is allowed; a host; no user name or
/// password. Inside the redirect stage, so a redirect cannot lead anywhere the caller could
/// not have named.
struct URLPolicyStage: NetworkStage {
  let allowsInsecureHTTP: Bool
  /// The client's base URL and a slash, when that base passed this policy: a URL that
  /// starts with it has the base's scheme, host and port and no user information, so it
  /// passes too without being parsed again (most requests, on every attempt).
  let checkedBase: String?

  func send(_ exchange: NetworkExchange, next: NextStage)
    async throws(NetworkError) -> NetworkResponse
  {
    guard let url = exchange.request.url else { throw .invalidURL("the request has no URL") }
    if let checkedBase, url.absoluteString.hasPrefix(checkedBase) {
      return try await next(exchange)
    }
    if let problem = URLPolicy.problem(contacting: url, allowsInsecureHTTP: allowsInsecureHTTP) {
      throw problem
    }
    return try await next(exchange)
  }
}
