import Foundation
import Localization

/// `--oidc-issuer URL --client-id ID [--client-secret-stdin | --client-secret S]
/// [--oidc-revocation-url URL] [--oidc-device-url URL] [--oidc-scope "…"]
/// [--oidc-type-claim NAME]`: sign in with an OpenID Connect provider instead of Koober's own
/// API.
///
/// A confidential client's secret comes from stdin's first line (`--client-secret-stdin`),
/// else `--client-secret` (which every local user can read on the command line), else
/// `KOOBER_CLIENT_SECRET`.
///
/// The provider signs people in, renews and revokes their sessions, and tells their user type
/// in a claim (`koober_type` unless `--oidc-type-claim` names another; a passenger when
/// absent). It has no rides: in this mode the ride features say so in one sentence.
struct OIDCOptions: Sendable, Equatable {
  /// The user-type claim koober reads from userinfo unless `--oidc-type-claim` names another.
  static let userTypeClaim = "koober_type"

  /// `--oidc-issuer`.
  var issuer: URL
  /// `--client-id`.
  var clientID: String
  /// `--client-secret`, for a confidential client (see `clientSecret(environment:)`).
  var clientSecret: String?
  /// `--client-secret-stdin`: the secret is stdin's first line.
  var clientSecretFromStdin = false
  /// `--oidc-revocation-url`, for a provider whose discovery names no revocation endpoint.
  var revocationURL: URL?
  /// `--oidc-device-url`, for a provider whose discovery names no device authorization
  /// endpoint (django-oauth-toolkit's).
  var deviceURL: URL?
  /// `--oidc-scope`, split at spaces, or `nil` for the default (`openid profile email`, plus
  /// `offline_access` when discovery lists it).
  var scopes: [String]?
  /// `--oidc-type-claim`, or `koober_type`.
  var typeClaim = OIDCOptions.userTypeClaim

  /// Reads the four options, or `nil` when none was given.
  /// - Parameter parsed: The split command line.
  /// - Throws: `UsageError` for a URL that is not http(s) with a host, a client option
  ///   without `--oidc-issuer`, `--oidc-issuer` without `--client-id`, or an empty value.
  init?(_ parsed: ParsedArguments) throws(UsageError) {
    let values = parsed.values
    let clientOptions = [
      "client-id", "client-secret", "oidc-revocation-url", "oidc-device-url", "oidc-scope",
      "oidc-type-claim",
    ]
    guard let issuerText = values["oidc-issuer"] else {
      if let stray = clientOptions.first(where: { values[$0] != nil })
        ?? (parsed.flags.contains("client-secret-stdin") ? "client-secret-stdin" : nil)
      {
        throw UsageError(
          message: TextTable.kooberCommands.text("usage.oidcStray", ["option": stray]),
          command: parsed.commandName)
      }
      return nil
    }
    issuer = try GlobalOptions.httpURL(issuerText, option: "oidc-issuer", parsed)
    guard let clientID = values["client-id"], !clientID.isEmpty else {
      throw UsageError(
        message: TextTable.kooberCommands.text("usage.oidcClientId"),
        command: parsed.commandName)
    }
    self.clientID = clientID
    if let secret = values["client-secret"] {
      guard !secret.isEmpty else {
        throw UsageError(
          message: TextTable.kooberCommands.text("usage.clientSecretEmpty"),
          command: parsed.commandName)
      }
      clientSecret = secret
    }
    clientSecretFromStdin = parsed.flags.contains("client-secret-stdin")
    if clientSecretFromStdin, clientSecret != nil {
      throw UsageError(
        message: TextTable.kooberCommands.text("usage.clientSecretTwice"),
        command: parsed.commandName)
    }
    if let text = values["oidc-revocation-url"] {
      revocationURL = try GlobalOptions.httpURL(text, option: "oidc-revocation-url", parsed)
    }
    if let text = values["oidc-device-url"] {
      deviceURL = try GlobalOptions.httpURL(text, option: "oidc-device-url", parsed)
    }
    if let text = values["oidc-scope"] {
      let scopes = text.split(whereSeparator: { $0 == " " }).map(String.init)
      guard !scopes.isEmpty, scopes.allSatisfy(Self.isScopeToken) else {
        throw UsageError(
          message: TextTable.kooberCommands.text("usage.oidcScope", ["value": text]),
          command: parsed.commandName)
      }
      self.scopes = scopes
    }
    if let claim = values["oidc-type-claim"] {
      guard !claim.isEmpty, claim.utf8.count <= 100, claim.allSatisfy(\.isASCII),
        !claim.contains(where: { $0.isWhitespace || $0.asciiValue.map { $0 < 0x20 } == true })
      else {
        throw UsageError(
          message: TextTable.kooberCommands.text("usage.oidcTypeClaim"),
          command: parsed.commandName)
      }
      typeClaim = claim
    }
  }

  /// The client secret: stdin's first line with `--client-secret-stdin`, else
  /// `--client-secret`, else `KOOBER_CLIENT_SECRET` when set and not empty, else `nil` (a
  /// public client).
  /// - Parameters:
  ///   - environment: The process environment.
  ///   - readLine: Reads stdin's first line (`nil` at its end).
  /// - Returns: The secret, or `nil`.
  /// - Throws: `StartupFailure` (exit 2) when `--client-secret-stdin` finds no line.
  func clientSecret(
    environment: [String: String], readLine: () -> String? = { Swift.readLine() }
  ) throws(StartupFailure) -> String? {
    if clientSecretFromStdin {
      var line = readLine() ?? ""
      if line.hasSuffix("\r") { line.removeLast() }
      guard !line.isEmpty else {
        throw StartupFailure(
          message: TextTable.kooberCommands.text("usage.clientSecretStdinEmpty"), exitCode: .usage)
      }
      return line
    }
    if let clientSecret { return clientSecret }
    guard let secret = environment["KOOBER_CLIENT_SECRET"], !secret.isEmpty else { return nil }
    return secret
  }

  /// RFC 6749 §3.3's scope-token: visible ASCII except `"` and `\`.
  static func isScopeToken(_ text: String) -> Bool {
    !text.isEmpty
      && text.utf8.allSatisfy { $0 >= 0x21 && $0 <= 0x7E && $0 != 0x22 && $0 != 0x5C }
  }
}
