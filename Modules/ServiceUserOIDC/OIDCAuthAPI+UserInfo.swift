import Foundation
import LoginCore
import UserModel

/// The userinfo endpoint (OpenID Connect Core §5.3) and the User made from its claims.
extension OIDCAuthAPI {
  /// Asks userinfo about the holder of an access token.
  /// - Parameters:
  ///   - accessToken: The access token.
  ///   - metadata: The provider's endpoints.
  /// - Returns: The user.
  /// - Throws: `.refused(.accessTokenRejected)` for a Bearer `invalid_token` challenge;
  ///   `.unavailable(_)` otherwise.
  func userInfo(
    accessToken: String, metadata: ProviderMetadata
  ) async throws(AuthFailure) -> User {
    guard let endpoint = metadata.userinfoEndpoint else {
      throw .trouble(
        "the provider's discovery document has no userinfo_endpoint, which gives the user.")
    }
    let answer = try await exchange.get(endpoint, bearer: accessToken)
    guard answer.isSuccess else {
      throw failure(ofAuthorizedStatus: answer.status, headers: answer.headers, body: answer.body)
    }
    guard let claims = answer.json else {
      throw .trouble(
        "the userinfo endpoint \(ProviderExchange.place(endpoint)) answered no JSON object.")
    }
    return try user(from: claims)
  }

  /// The User of a set of claims: `sub` is the id; `preferred_username`, else `email`, else
  /// `sub` the identifier (the same at sign-in and at every later check, so it never changes
  /// between the two); `email` the email; `name` the name; the configured user-type claim the
  /// type (the configured `defaultUserType` when absent).
  /// - Parameter claims: The userinfo claims.
  /// - Returns: The user.
  /// - Throws: `.unavailable(.serverTrouble(_))` without `sub`, or for a claim value that is
  ///   not a `UserType`.
  func user(from claims: JSONFields) throws(AuthFailure) -> User {
    guard let subject = claims.string("sub") else {
      throw .trouble("the userinfo answer has no sub claim.")
    }
    let email = claims.string("email")
    let signInName = claims.string("preferred_username") ?? email ?? subject
    var type = configuration.defaultUserType
    if let claim = configuration.userTypeClaim, claims.contains(claim) {
      // UserType decides which words it takes (`init?(rawValue:)`), so the adapter accepts
      // exactly what the app's user-type vocabulary does.
      guard let value = claims.string(claim), let known = UserType(rawValue: value) else {
        let shown =
          claims.string(claim).map { "'\(ForeignText.clean($0, limit: 40))'" } ?? "a value"
        throw .trouble(
          "the userinfo claim \(claim) has \(shown), which is not a user type this app can "
            + "read; send one of its user-type words, or leave the claim out for the default type.")
      }
      type = known
    }
    return User(
      id: subject, identifier: signInName, email: email, name: claims.string("name"), type: type)
  }
}
