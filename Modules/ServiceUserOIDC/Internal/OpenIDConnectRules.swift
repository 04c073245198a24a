import Foundation
import LoginCore

/// What OpenID Connect and RFC 9207 require of a browser sign-in's answers, beyond OAuth's
/// `state` and PKCE.
extension OIDCAuthAPI {
  /// Whether the sign-ins ask for OpenID Connect: `openid` among the configured scopes.
  var asksForOpenID: Bool { configuration.scopes.contains("openid") }

  /// Checks the authorization response's issuer (RFC 9207 §2.4): an `iss` that is there must
  /// be exactly the issuer discovery named (a response from another provider the person also
  /// uses, the mix-up attack, is refused before its code is sent anywhere), and when
  /// discovery says every response carries `iss`, one without it is refused too.
  /// - Parameters:
  ///   - items: The authorization response's query items, decoded.
  ///   - metadata: The provider's discovery document.
  /// - Throws: `.refused(.signInInterrupted)`: the answer is not this provider's.
  func checkIssuer(of items: [URLQueryItem], metadata: ProviderMetadata) throws(AuthFailure) {
    let named = items.filter { $0.name == "iss" }.map { $0.value ?? "" }
    guard !named.isEmpty || metadata.sendsIssuerInAuthorizationResponse else { return }
    // Simple string comparison (RFC 9207 §2.4) with discovery's issuer, which
    // ProviderMetadata found equal to the configured one; sent twice is refused too.
    guard named == [configuration.issuer.absoluteString] else {
      throw .refused(.signInInterrupted)
    }
  }

  /// Requires the ID token of an authorization-code exchange that asked for `openid`
  /// (OpenID Connect Core §3.1.3.3): without it no `nonce` binds the code to this sign-in.
  /// The device and password grants are OAuth grants OpenID Connect does not define, so
  /// there an ID token is checked when it comes but not required.
  /// - Parameter tokens: The token answer.
  /// - Throws: `.unavailable(.serverTrouble(_))` when the ID token is missing.
  func requireIDToken(in tokens: Tokens) throws(AuthFailure) {
    guard asksForOpenID, tokens.idToken == nil else { return }
    throw .trouble(
      "the token endpoint answered the authorization code without an id_token although the "
        + "scope has openid (OpenID Connect Core §3.1.3.3), so its nonce could not be "
        + "checked; the sign-in is refused.")
  }
}
