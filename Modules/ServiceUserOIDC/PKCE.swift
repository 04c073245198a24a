import Foundation
import WireFormat

/// A Proof Key for Code Exchange (RFC 7636) for one authorization-code sign-in: a fresh
/// secret `verifier`, and its S256 `challenge` sent with the authorization request.
///
/// The verifier stays on the device until the code is exchanged, so a code intercepted on
/// its way back to the app (another app claiming the redirect scheme, RFC 8252 §8.1) is
/// worthless without it. Only S256 is offered: RFC 9700 §2.1.1 asks clients to use it, and
/// `plain` would send the secret itself.
///
/// ```swift
/// let pkce = PKCE()
/// // authorization request: code_challenge=\(pkce.challenge)&code_challenge_method=S256
/// // token request:         code_verifier=\(pkce.verifier)
/// ```
///
/// The verifier is a secret: `description` and `dump` never show it.
public struct PKCE: Sendable, Hashable {
  /// The `code_challenge_method`: always `S256`.
  public static let method = "S256"

  /// The `code_verifier`: 43 to 128 characters of RFC 3986's unreserved set.
  public let verifier: String

  /// The `code_challenge`: `BASE64URL(SHA256(verifier))`, without padding.
  public var challenge: String { Self.challenge(for: verifier) }

  /// A new verifier: 32 bytes from the system's secure random source, base64url-encoded
  /// (43 characters, 256 bits of entropy, as RFC 7636 §4.1 recommends).
  public init() {
    verifier = Self.randomToken()
  }

  /// 32 bytes from the system's secure random source, base64url-encoded: a verifier, or an
  /// authorization request's `state` and `nonce`.
  static func randomToken() -> String {
    var generator = SystemRandomNumberGenerator()
    return Base64URL.encoded(
      (0..<32).map { _ in UInt8.random(in: .min ... .max, using: &generator) })
  }

  /// A verifier given by the caller, e.g. one kept while the browser was away.
  /// - Parameter verifier: The verifier.
  /// - Returns: `nil` unless it is 43 to 128 characters of `A-Z a-z 0-9 - . _ ~`.
  public init?(verifier: String) {
    guard Self.isWellFormedVerifier(verifier) else { return nil }
    self.verifier = verifier
  }

  /// The S256 challenge of a verifier.
  /// - Parameter verifier: The verifier.
  /// - Returns: `BASE64URL(SHA256(ASCII(verifier)))`.
  public static func challenge(for verifier: String) -> String {
    Base64URL.encoded(SHA256.digest(Array(verifier.utf8)))
  }

  /// Whether a text can be a `code_verifier` (RFC 7636 §4.1).
  /// - Parameter verifier: The text.
  /// - Returns: `true` for 43 to 128 characters of `A-Z a-z 0-9 - . _ ~`.
  public static func isWellFormedVerifier(_ verifier: String) -> Bool {
    let bytes = Array(verifier.utf8)
    return (43...128).contains(bytes.count)
      && bytes.allSatisfy { byte in
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
          UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
          UInt8(ascii: "_"), UInt8(ascii: "~"):
          true
        default: false
        }
      }
  }
}

extension PKCE: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
  /// The method and challenge; the verifier redacted.
  public var description: String {
    "PKCE(method: \(Self.method), challenge: \(challenge), verifier: <redacted>)"
  }

  /// The same as `description`.
  public var debugDescription: String { description }

  /// A mirror without the verifier, so `dump` shows no secret.
  public var customMirror: Mirror {
    Mirror(
      self, children: ["method": Self.method, "challenge": challenge, "verifier": "<redacted>"],
      displayStyle: .struct)
  }
}
