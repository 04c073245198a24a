import Foundation

/// `--oidc-issuer URL --client-id ID [--client-secret S] [--oidc-revocation-url URL]`: sign in
/// with an OpenID Connect provider instead of Koober's own API.
///
/// The provider signs people in, renews and revokes their sessions, and tells their user type
/// in the `koober_type` claim (a passenger when absent). It has no rides: in this mode the
/// ride features say so in one sentence.
struct OIDCOptions: Sendable, Equatable {
  /// The user-type claim koober reads from userinfo.
  static let userTypeClaim = "koober_type"

  /// `--oidc-issuer`.
  var issuer: URL
  /// `--client-id`.
  var clientID: String
  /// `--client-secret`, for a confidential client.
  var clientSecret: String?
  /// `--oidc-revocation-url`, for a provider whose discovery names no revocation endpoint.
  var revocationURL: URL?

  /// Reads the four options, or `nil` when none was given.
  /// - Parameter parsed: The split command line.
  /// - Throws: `UsageError` for a URL that is not http(s) with a host, a client option
  ///   without `--oidc-issuer`, `--oidc-issuer` without `--client-id`, or an empty value.
  init?(_ parsed: ParsedArguments) throws(UsageError) {
    let values = parsed.values
    let clientOptions = ["client-id", "client-secret", "oidc-revocation-url"]
    guard let issuerText = values["oidc-issuer"] else {
      if let stray = clientOptions.first(where: { values[$0] != nil }) {
        throw UsageError(
          message: CommandText.text("usage.oidcStray", ["option": stray]),
          command: parsed.commandName)
      }
      return nil
    }
    issuer = try GlobalOptions.httpURL(issuerText, option: "oidc-issuer", parsed)
    guard let clientID = values["client-id"], !clientID.isEmpty else {
      throw UsageError(
        message: CommandText.text("usage.oidcClientId"),
        command: parsed.commandName)
    }
    self.clientID = clientID
    if let secret = values["client-secret"] {
      guard !secret.isEmpty else {
        throw UsageError(
          message: CommandText.text("usage.clientSecretEmpty"), command: parsed.commandName)
      }
      clientSecret = secret
    }
    if let text = values["oidc-revocation-url"] {
      revocationURL = try GlobalOptions.httpURL(text, option: "oidc-revocation-url", parsed)
    }
  }
}
