import Foundation
import LoginCore

/// OpenID Connect Discovery 1.0: where the provider's endpoints are.
extension OIDCAuthAPI {
  /// The discovery document's URL: the issuer with `/.well-known/openid-configuration`
  /// appended to its path (§4.1, also for an issuer with a path such as `/realms/shop`).
  public var discoveryURL: URL {
    var text = configuration.issuer.absoluteString
    while text.hasSuffix("/") { text.removeLast() }
    return URL(string: text + "/.well-known/openid-configuration") ?? configuration.issuer
  }

  /// The provider's endpoints: kept after the first successful discovery, fetched otherwise;
  /// callers that ask while a discovery is under way share it.
  /// - Returns: The checked metadata.
  /// - Throws: `.unavailable(.offline)` / `.timeout` when the provider cannot be asked;
  ///   `.unavailable(.serverTrouble(_))` for a missing, malformed or mismatched document.
  func providerMetadata() async throws(AuthFailure) -> ProviderMetadata {
    let (url, issuer, exchange) = (discoveryURL, configuration.issuer, exchange)
    return try await discovery.metadata { () async throws(AuthFailure) in
      try await Self.discover(at: url, issuer: issuer, through: exchange)
    }.get()
  }

  /// Fetches and checks the discovery document.
  private static func discover(
    at url: URL, issuer: URL, through exchange: ProviderExchange
  ) async throws(AuthFailure) -> ProviderMetadata {
    let place = ProviderExchange.place(url)
    let answer = try await exchange.get(url)
    guard answer.isSuccess else {
      if answer.status == 404 {
        throw .trouble(
          "there is no discovery document at \(place) (HTTP 404): check the issuer URL.")
      }
      let failure = AuthFailure.standard(status: answer.status, headers: answer.headers)
      if case .unavailable(.busy) = failure { throw failure }
      throw .unavailable(
        .unexpectedAnswer(
          status: answer.status,
          "the discovery document at \(place) could not be read (HTTP \(answer.status))."))
    }
    guard let document = answer.json else {
      throw .trouble("the discovery document at \(place) is not a JSON object.")
    }
    return try ProviderMetadata(document: document, issuer: issuer, place: place)
  }
}
