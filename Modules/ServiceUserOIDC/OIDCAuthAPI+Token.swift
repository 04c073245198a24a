import Foundation
import LoginCore
import UserModel

/// The token endpoint (RFC 6749 §3.2): client authentication, the request, the answer.
extension OIDCAuthAPI {
  /// What a token answer (§5.1) gave.
  struct Tokens: Sendable {
    /// The access token.
    let accessToken: String
    /// The refresh token, when the answer had one.
    let refreshToken: String?
    /// The ID token, when the answer had one.
    let idToken: String?
    /// The granted scope, when the answer said.
    let scope: String?
    /// How long the access token lives, in seconds.
    let lifetime: TimeInterval

    /// When the access token expires, counted from when the answer arrived.
    func expiresAt(from issuedAt: Date) -> Date {
      issuedAt.addingTimeInterval(lifetime)
    }
  }

  /// The longest `expires_in` taken as it is: a bigger number (or a negative one) from a
  /// provider is clamped, so no date arithmetic can go astray.
  static let maxAccessTokenLifetime: TimeInterval = 10 * 365 * 24 * 3600

  /// Posts a grant to the token endpoint with the client's authentication.
  /// - Parameters:
  ///   - form: The grant's fields.
  ///   - endpoint: The token endpoint.
  ///   - operation: `.signIn` (password grant) or `.refresh`, which decides what
  ///     `invalid_grant` means.
  /// - Returns: The tokens.
  /// - Throws: The error answer in the AuthFailure vocabulary; `.unavailable(.serverTrouble)`
  ///   for an answer that is not a Bearer token answer.
  func requestTokens(
    _ form: [(name: String, value: String)], at endpoint: URL, for operation: AuthOperation
  ) async throws(AuthFailure) -> Tokens {
    let answer = try await postAuthenticated(form, to: endpoint)
    guard answer.isSuccess else {
      throw OAuthErrorReading.failure(
        of: answer, at: ProviderExchange.place(endpoint), operation: operation,
        clientID: configuration.clientID)
    }
    return try tokens(from: answer, of: endpoint)
  }

  /// Posts a form with the client's authentication.
  /// - Parameters:
  ///   - form: The request's own fields.
  ///   - endpoint: The token or device authorization endpoint.
  /// - Returns: The answer, any status.
  /// - Throws: `.unavailable(_)` when no answer could be read.
  func postAuthenticated(_ form: [(name: String, value: String)], to endpoint: URL)
    async throws(AuthFailure) -> ProviderAnswer
  {
    let (fields, authorization) = authenticated(form)
    return try await exchange.post(endpoint, form: fields, authorization: authorization)
  }

  /// The tokens of a successful token answer (RFC 6749 §5.1), checked.
  /// - Parameters:
  ///   - answer: A 2xx answer of the token endpoint.
  ///   - endpoint: The token endpoint, for messages.
  /// - Returns: The tokens.
  /// - Throws: `.unavailable(.serverTrouble)` for an answer that is not a Bearer token answer.
  func tokens(from answer: ProviderAnswer, of endpoint: URL) throws(AuthFailure) -> Tokens {
    let place = ProviderExchange.place(endpoint)
    guard let json = answer.json, let accessToken = json.string("access_token") else {
      throw .trouble("the token endpoint \(place) answered without an access_token.")
    }
    guard let type = json.string("token_type"), type.lowercased() == "bearer" else {
      let named =
        json.string("token_type").map { "'\(ForeignText.clean($0, limit: 40))'" } ?? "no type"
      throw .trouble(
        "the token endpoint \(place) issued a token of \(named); only Bearer tokens "
          + "(RFC 6750) are supported.")
    }
    // RFC 6750's b64token and RFC 6749's VSCHAR: a token with a line break or a NUL would be
    // dropped from (or split) the Authorization header, sending requests unauthenticated.
    guard UserSession.isWellFormedAccessToken(accessToken) else {
      throw .trouble(
        "the token endpoint \(place) issued an access token that is not a b64token.")
    }
    if let refresh = json.string("refresh_token"),
      !UserSession.isWellFormedRefreshToken(refresh)
    {
      throw .trouble(
        "the token endpoint \(place) issued a refresh token that is not visible ASCII.")
    }
    let lifetime = json.seconds("expires_in") ?? configuration.accessTokenLifetime
    return Tokens(
      accessToken: accessToken, refreshToken: json.string("refresh_token"),
      idToken: json.string("id_token"), scope: json.string("scope"),
      lifetime: min(max(lifetime, 0), Self.maxAccessTokenLifetime))
  }

  /// The form and `Authorization` header with the client's authentication (RFC 6749
  /// §2.3.1): a confidential client's id and secret by HTTP Basic, each form-urlencoded
  /// first; a public client's `client_id` in the body.
  /// - Parameter form: The request's own fields.
  /// - Returns: The fields to send and the header value, if any.
  func authenticated(_ form: [(name: String, value: String)])
    -> (form: [(name: String, value: String)], authorization: String?)
  {
    guard let secret = configuration.clientSecret else {
      return (form + [(name: "client_id", value: configuration.clientID)], nil)
    }
    let pair = FormBody.component(configuration.clientID) + ":" + FormBody.component(secret)
    return (form, "Basic " + Data(pair.utf8).base64EncodedString())
  }
}
