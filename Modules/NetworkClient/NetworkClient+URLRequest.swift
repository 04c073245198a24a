import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

extension NetworkClient {
  /// The full URL of `endpoint`: base URL, percent-encoded path and query.
  /// - Parameter endpoint: the call.
  /// - Returns: the URL.
  /// - Throws: `.insecureURL` or `.invalidURL` when the base URL is refused or the result is
  ///   not a URL.
  public func url(for endpoint: Endpoint) throws(NetworkError) -> URL {
    if let baseProblem { throw baseProblem }
    guard let path = URLPolicy.encodePath(endpoint.path) else {
      throw .invalidURL("the path '\(endpoint.path)' cannot be percent-encoded")
    }
    var text = baseString + path
    if !endpoint.query.isEmpty {
      guard let query = URLPolicy.encodeQuery(endpoint.query) else {
        throw .invalidURL("a query item of \(endpoint) cannot be percent-encoded")
      }
      text += "?" + query
    }
    guard let url = URL(string: text) else {
      throw .invalidURL("'\(endpoint)' does not make a valid URL")
    }
    return url
  }

  /// The `URLRequest` for `endpoint`, without the `Authorization` header (added per attempt).
  /// Built once and complete, so that no later change copies it: a `URLRequest` wraps a
  /// reference that every mutation of a shared copy duplicates.
  func urlRequest(for endpoint: Endpoint, timeout: Duration?) throws(NetworkError) -> URLRequest {
    var request = URLRequest(url: try url(for: endpoint))
    if endpoint.method != .get { request.httpMethod = endpoint.method.rawValue }
    if let timeout { request.timeoutInterval = URLSessionTransport.idleTimeout(for: timeout) }
    if endpoint.body == nil, endpoint.headers.isEmpty {
      request.allHTTPHeaderFields = baseHeaders
    } else {
      var headers = baseHeaders
      let namesContentType = headers.keys.contains {
        $0.caseInsensitiveCompare("Content-Type") == .orderedSame
      }
      if endpoint.body != nil, !namesContentType {
        headers["Content-Type"] = "application/json; charset=utf-8"
      }
      for (name, value) in endpoint.headers { headers[name] = value }
      request.allHTTPHeaderFields = headers
      request.httpBody = endpoint.body
    }
    ResponseReader.askIdentity(in: &request)
    return request
  }
}
