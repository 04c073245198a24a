import Foundation
import Localization
import LoginCore

/// What the adapter uses of a discovery document (OpenID Connect Discovery 1.0 §3): the
/// issuer it names and the endpoints, each already checked against `EndpointRule`.
struct ProviderMetadata: Sendable, Equatable {
  /// The token endpoint (required).
  let tokenEndpoint: URL
  /// The userinfo endpoint, when the provider has one.
  let userinfoEndpoint: URL?
  /// The RFC 7009 revocation endpoint, when the document names one.
  let revocationEndpoint: URL?
  /// The authorization endpoint, when the document names one (the browser sign-in).
  var authorizationEndpoint: URL? = nil
  /// The RFC 8628 device authorization endpoint, when the document names one.
  var deviceAuthorizationEndpoint: URL? = nil
  /// The RP-initiated logout endpoint (`end_session_endpoint`), when the document names one.
  var endSessionEndpoint: URL? = nil
  /// The scopes the provider says it supports (`scopes_supported`), when it says.
  var scopesSupported: [String]? = nil
  /// Whether the provider says every authorization response carries `iss`
  /// (`authorization_response_iss_parameter_supported`, RFC 9207 §3): then one without it is
  /// refused.
  var sendsIssuerInAuthorizationResponse = false

  /// The most characters of a provider's issuer put in a message.
  static let issuerLimit = 200

  /// Reads and checks a discovery document.
  /// - Parameters:
  ///   - document: The document's members.
  ///   - issuer: The configured issuer, which the document must name exactly (§4.3).
  ///   - place: Where the document came from, for messages.
  /// - Throws: `.unavailable(.serverTrouble(_))` saying what is wrong with the document.
  init(document: JSONFields, issuer: URL, place: String) throws(AuthFailure) {
    guard let named = document.string("issuer") else {
      throw .trouble("the discovery document at \(place) has no issuer.")
    }
    guard named == issuer.absoluteString else {
      let shown = ForeignText.clean(EndpointRule.withoutUserInfo(named), limit: Self.issuerLimit)
      throw .trouble(
        "the discovery document at \(place) names the issuer \(shown), not the configured "
          + "\(issuer.absoluteString); configure the issuer exactly as the provider names it.")
    }
    guard let token = document.string("token_endpoint") else {
      throw .trouble("the discovery document at \(place) has no token_endpoint.")
    }
    typealias Role = EndpointRule.Role
    tokenEndpoint = try Self.endpoint(token, role: Role.tokenEndpoint)
    userinfoEndpoint = try document.string("userinfo_endpoint").map {
      (text) throws(AuthFailure) in try Self.endpoint(text, role: Role.userinfoEndpoint)
    }
    revocationEndpoint = try document.string("revocation_endpoint").map {
      (text) throws(AuthFailure) in try Self.endpoint(text, role: Role.revocationEndpoint)
    }
    // Only the browser sign-in uses it: an unusable one leaves that sign-in unsupported
    // instead of breaking the others.
    authorizationEndpoint = document.string("authorization_endpoint").flatMap {
      try? Self.endpoint($0, role: Role.authorizationEndpoint)
    }
    deviceAuthorizationEndpoint = document.string("device_authorization_endpoint").flatMap {
      try? Self.endpoint($0, role: Role.deviceAuthorizationEndpoint)
    }
    endSessionEndpoint = document.string("end_session_endpoint").flatMap {
      try? Self.endpoint($0, role: Role.endSessionEndpoint)
    }
    scopesSupported = document.strings("scopes_supported")
    sendsIssuerInAuthorizationResponse =
      document.flag("authorization_response_iss_parameter_supported")
  }

  /// An endpoint named in the document, checked like the configuration's URLs.
  private static func endpoint(_ text: String, role: String) throws(AuthFailure) -> URL {
    guard let url = URL(string: text) else {
      throw .trouble("the discovery document's \(role) is not a URL.")
    }
    if let problem = EndpointRule.problem(with: url, role: role) {
      // A developer's detail, like every other `.trouble`: English whatever the language.
      let detail = Texts.inEnglish { problem.message }
      throw .trouble("the discovery document is refused. " + detail)
    }
    return url
  }
}
