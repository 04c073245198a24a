import Foundation
import LoginCore

/// Token revocation (RFC 7009) at sign-out.
extension OIDCAuthAPI {
  /// Revokes one token.
  ///
  /// RFC 7009 §2.2 answers 200 for a token that was already invalid, so a refusal here is the
  /// provider refusing the client or the request: server trouble.
  /// - Parameters:
  ///   - token: The token.
  ///   - hint: `refresh_token` or `access_token`.
  ///   - endpoint: The revocation endpoint.
  /// - Throws: `.unavailable(_)` when the provider could not be asked or refused.
  func revoke(_ token: String, hint: String, at endpoint: URL) async throws(AuthFailure) {
    let (fields, authorization) = authenticated([
      (name: "token", value: token), (name: "token_type_hint", value: hint),
    ])
    let answer = try await exchange.post(endpoint, form: fields, authorization: authorization)
    guard !answer.isSuccess else { return }
    throw OAuthErrorReading.failure(
      of: answer, at: ProviderExchange.place(endpoint), operation: .signOut,
      clientID: configuration.clientID)
  }
}

extension OIDCAuthAPI {
  /// Revokes a refresh token by itself at the provider's revocation endpoint (RFC 7009),
  /// which never spends it. By RFC 7009 §2.1 the provider should revoke the access tokens of
  /// the same grant with it.
  /// - Parameter refreshToken: The session's refresh token.
  /// - Throws: `.unsupported(.signOut)` when the provider has no revocation endpoint;
  ///   `.unavailable(_)` when it could not be asked or refused the request.
  public func revoke(refreshToken: String) async throws(AuthFailure) {
    try await revoke(refreshToken, hint: "refresh_token", at: revocationEndpoint())
  }

  /// The RFC 7009 endpoint: the configured one, else the discovery document's.
  /// - Throws: `.unsupported(.signOut)` when there is none.
  func revocationEndpoint() async throws(AuthFailure) -> URL {
    if let configured = configuration.revocationEndpoint { return configured }
    if let discovered = try await providerMetadata().revocationEndpoint { return discovered }
    throw .unsupported(.signOut)
  }
}
