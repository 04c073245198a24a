import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// A 2xx answer: its body and the HTTP response it came with.
public struct NetworkResponse: Sendable {
  /// The raw body; empty when there was none.
  public let data: Data
  /// The response: status and headers.
  public let response: HTTPURLResponse
  /// The access token the authorization stage sent the request with, when it sent one: so a
  /// service can tell whose session an answer judged (another account's may be current by
  /// the time it comes).
  package var sentBearerToken: String?

  /// Makes a response; mostly for fake transports.
  /// - Parameters:
  ///   - data: the body.
  ///   - response: the HTTP response.
  public init(data: Data, response: HTTPURLResponse) {
    self.data = data
    self.response = response
  }

  /// The HTTP status, e.g. 200.
  public var status: Int { response.statusCode }

  /// The value of a header, looked up case-insensitively.
  /// - Parameter name: the header name.
  /// - Returns: the value, or `nil` when absent.
  public func header(_ name: String) -> String? { response.value(forHTTPHeaderField: name) }
}
