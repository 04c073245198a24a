import Foundation
import LoginCore
import WireFormat

/// The claims of an ID token from the token endpoint, read without checking its signature:
/// the token came straight from the provider over TLS, which OpenID Connect Core §3.1.3.7
/// (item 6) accepts in place of the signature check. What is checked is the claims.
struct IDToken: Sendable, Equatable {
  /// A compact JWT longer than this is not read.
  static let maximumLength = 16_384
  /// How far apart the provider's clock and this device's may be.
  static let allowedSkew: TimeInterval = 300

  /// `iss`.
  let issuer: String?
  /// `aud`: one string, or several.
  let audiences: [String]
  /// `azp`.
  let authorizedParty: String?
  /// `sub`.
  let subject: String?
  /// `exp`, in seconds since 1970.
  let expiry: Double?
  /// `iat`, in seconds since 1970.
  let issuedAt: Double?
  /// `nonce`.
  let nonce: String?

  /// Reads a compact JWT's payload.
  /// - Parameter token: The `id_token` member of a token answer.
  /// - Returns: `nil` unless it is three base64url segments whose second is a JSON object.
  init?(_ token: String) {
    guard token.utf8.count <= Self.maximumLength else { return nil }
    let segments = token.split(separator: ".", omittingEmptySubsequences: false)
    guard segments.count == 3, let payload = Base64URL.decoded(segments[1]),
      let object = (try? JSONSerialization.jsonObject(with: payload)) as? [String: Any]
    else { return nil }
    func text(_ name: String) -> String? { object[name] as? String }
    func seconds(_ name: String) -> Double? {
      guard let number = object[name] as? NSNumber, !(object[name] is Bool) else { return nil }
      let value = number.doubleValue
      return value.isFinite ? value : nil
    }
    issuer = text("iss")
    switch object["aud"] {
    case let one as String: audiences = [one]
    case let many as [Any]: audiences = many.compactMap { $0 as? String }
    default: audiences = []
    }
    authorizedParty = text("azp")
    subject = text("sub")
    expiry = seconds("exp")
    issuedAt = seconds("iat")
    nonce = text("nonce")
  }

  /// What is wrong with the claims for this client (OpenID Connect Core §3.1.3.7, items 2,
  /// 3, 4, 5, 9, 10 and 11), or `nil` when nothing is.
  /// - Parameters:
  ///   - issuer: The configured issuer, which `iss` must equal exactly.
  ///   - clientID: The client ID, which `aud` must contain (and `azp` equal, when present).
  ///   - nonce: The nonce sent with the authorization request, which `nonce` must equal;
  ///     `nil` when none was sent (the password grant).
  ///   - now: The device's clock.
  /// - Returns: One sentence for a developer, in English.
  func problem(issuer: String, clientID: String, nonce: String?, now: Date) -> String? {
    let moment = now.timeIntervalSince1970
    guard self.issuer == issuer else {
      let named = self.issuer.map {
        ForeignText.clean(EndpointRule.withoutUserInfo($0), limit: ProviderMetadata.issuerLimit)
      }
      return "its iss is \(named ?? "missing"), not the issuer \(issuer)."
    }
    guard audiences.contains(clientID) else { return "its aud does not name this client." }
    if let authorizedParty, authorizedParty != clientID {
      return "its azp names another client."
    }
    if audiences.count > 1, authorizedParty == nil {
      return "it names several audiences but no azp."
    }
    guard subject != nil else { return "it has no sub." }
    guard let expiry, expiry + Self.allowedSkew > moment else {
      return "it has expired (exp)."
    }
    guard let issuedAt, issuedAt - Self.allowedSkew <= moment else {
      return "it was issued in the future (iat)."
    }
    if let nonce, self.nonce != nonce { return "its nonce is not the one sent." }
    return nil
  }

  /// What is wrong with an ID token that came back on refresh, against the session's
  /// earlier one (OpenID Connect Core §12.2: the same `iss`, `sub` and `aud`), or `nil`.
  /// - Parameter earlier: The session's ID token before the refresh.
  /// - Returns: One sentence for a developer, in English.
  func problem(renewing earlier: IDToken) -> String? {
    guard issuer == earlier.issuer else { return "its iss changed on refresh." }
    guard subject == earlier.subject else { return "its sub changed on refresh." }
    guard Set(audiences) == Set(earlier.audiences) else { return "its aud changed on refresh." }
    return nil
  }
}
