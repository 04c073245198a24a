import Foundation
import LoginCore
import NetworkClient

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Sends one request to the provider and turns what can go wrong before an answer is read
/// into the AuthFailure vocabulary by LoginCore's one table: no connection is `.offline`, no
/// answer in time `.timeout`, a cancelled request `.signInCancelled`, an oversized body server
/// trouble.
struct ProviderExchange: Sendable {
  /// The largest body read from the provider: a discovery document, token answer or userinfo
  /// is a few kilobytes; anything over a mebibyte is not one.
  static let maxBodyBytes = 1 << 20

  let transport: any HTTPTransport
  let timeout: Duration

  /// A GET that accepts JSON, with a bearer token when one is given.
  /// - Parameters:
  ///   - url: The endpoint.
  ///   - bearer: The access token, or `nil`.
  /// - Returns: The answer, any status.
  /// - Throws: `.unavailable(_)` when no answer could be read.
  func get(_ url: URL, bearer: String? = nil) async throws(AuthFailure) -> ProviderAnswer {
    var request = URLRequest(url: url)
    request.setValue("application/json", forHTTPHeaderField: "Accept")
    if let bearer { request.setValue("Bearer \(bearer)", forHTTPHeaderField: "Authorization") }
    return try await send(request)
  }

  /// A POST of a form (RFC 6749 Appendix B) that accepts JSON.
  /// - Parameters:
  ///   - url: The endpoint.
  ///   - form: The fields.
  ///   - authorization: The `Authorization` header's value, or `nil`.
  /// - Returns: The answer, any status.
  /// - Throws: `.unavailable(_)` when no answer could be read.
  func post(
    _ url: URL, form: [(name: String, value: String)], authorization: String?
  ) async throws(AuthFailure) -> ProviderAnswer {
    var request = URLRequest(url: url)
    request.httpMethod = "POST"
    request.setValue("application/json", forHTTPHeaderField: "Accept")
    request.setValue(
      "application/x-www-form-urlencoded; charset=utf-8", forHTTPHeaderField: "Content-Type")
    if let authorization { request.setValue(authorization, forHTTPHeaderField: "Authorization") }
    request.httpBody = FormBody.encode(form)
    return try await send(request)
  }

  private func send(_ request: URLRequest) async throws(AuthFailure) -> ProviderAnswer {
    let data: Data
    let response: HTTPURLResponse
    do {
      // Read as it arrives, cancelled past 1 MiB; a 3xx is the answer, never followed, so
      // no client secret, password or token reaches another URL.
      (data, response) = try await transport.send(
        request, timeout: timeout, limits: TransferLimits(maximumBodySize: Self.maxBodyBytes))
    } catch .responseTooLarge {
      throw .trouble(
        "the provider's answer from \(Self.place(request.url)) is over 1 MiB, too large "
          + "for an OAuth answer.")
    } catch {
      throw Self.failure(of: error)
    }
    var headers: [String: String] = [:]
    for case (let name as String, let value as String) in response.allHeaderFields {
      headers[name] = value
    }
    return ProviderAnswer(status: response.statusCode, headers: headers, body: data)
  }

  /// A transport failure in the AuthFailure vocabulary: LoginCore's one table of network
  /// failures (`AuthFailure(_:detail:)`), so a cancelled request is `.signInCancelled` here
  /// as in every adapter, never offline.
  /// - Parameter error: What the transport threw.
  /// - Returns: The table's failure; what cannot be read is server trouble naming the code.
  static func failure(of error: NetworkError) -> AuthFailure {
    switch error.kind {
    case .unreadableAnswer, .notSent:
      .trouble("the provider's answer could not be read (\(error.code)).")
    default: AuthFailure(error.kind)
    }
  }

  /// Scheme, host, port and path of a URL: never its query.
  /// - Parameter url: The URL.
  /// - Returns: The text for a message.
  static func place(_ url: URL?) -> String {
    guard let url, var components = URLComponents(url: url, resolvingAgainstBaseURL: false)
    else { return "the provider" }
    components.query = nil
    components.fragment = nil
    components.user = nil
    components.password = nil
    return components.string ?? "the provider"
  }
}
