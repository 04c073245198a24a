import Foundation
import WireFormat

/// The client data a client hands an authenticator to sign over (WebAuthn Level 3 §5.8.1):
/// which ceremony, the relying party's challenge, and the origin the client speaks for.
///
/// ``json()`` writes §5.8.1.1's limited serialization, byte for byte what a browser writes;
/// ``init(json:)`` reads any client's JSON and ignores members it does not know.
///
/// ```swift
/// let clientData = CollectedClientData(
///   type: .create, challenge: options.challenge.bytes, origin: "https://localhost")
/// let clientDataJSON = clientData.json()
/// ```
public struct CollectedClientData: Sendable, Equatable {
  /// The ceremony a client data is for.
  public enum CeremonyType: String, Sendable, Equatable, CaseIterable {
    /// Registration: `navigator.credentials.create()`.
    case create = "webauthn.create"
    /// Authentication: `navigator.credentials.get()`.
    case get = "webauthn.get"
  }

  /// The ceremony.
  public var type: CeremonyType
  /// The relying party's challenge, as sent in the options.
  public var challenge: [UInt8]
  /// The origin the client speaks for, e.g. `https://example.com`.
  public var origin: String
  /// Whether the ceremony ran in a frame of another origin; `false` for a native client.
  public var crossOrigin: Bool
  /// The top-level origin when ``crossOrigin`` is `true` (Level 3), else `nil`.
  public var topOrigin: String?

  /// Makes client data.
  /// - Parameters:
  ///   - type: The ceremony.
  ///   - challenge: The relying party's challenge.
  ///   - origin: The origin, e.g. `https://example.com`.
  ///   - crossOrigin: Whether the ceremony ran in a cross-origin frame.
  ///   - topOrigin: The top-level origin of a cross-origin ceremony.
  public init(
    type: CeremonyType, challenge: [UInt8], origin: String, crossOrigin: Bool = false,
    topOrigin: String? = nil
  ) {
    self.type = type
    self.challenge = challenge
    self.origin = origin
    self.crossOrigin = crossOrigin
    self.topOrigin = topOrigin
  }

  /// Reads client data JSON; members other than type, challenge, origin, crossOrigin and
  /// topOrigin are ignored, and a missing crossOrigin reads as `false`.
  /// - Parameter json: The UTF-8 JSON bytes (`clientDataJSON`).
  /// - Throws: ``WebAuthnError/invalidJSON`` when the bytes are not a JSON object,
  ///   ``WebAuthnError/malformed(field:)`` for a member missing or of the wrong type or an
  ///   unknown ceremony type, ``WebAuthnError/invalidBase64URL`` for the challenge.
  public init(json: [UInt8]) throws(WebAuthnError) {
    let value: JSONValue
    do {
      value = try JSONValue.parse(Data(json), limits: .requestBody)
    } catch {
      throw .invalidJSON
    }
    guard case .object(let members) = value else { throw .invalidJSON }
    func text(_ name: String) throws(WebAuthnError) -> String? {
      switch members[name] {
      case nil: return nil
      case .string(let text): return text
      default: throw .malformed(field: name)
      }
    }
    guard let typeName = try text("type"), let type = CeremonyType(rawValue: typeName) else {
      throw .malformed(field: "type")
    }
    guard let challenge = try text("challenge") else { throw .malformed(field: "challenge") }
    guard let origin = try text("origin") else { throw .malformed(field: "origin") }
    let crossOrigin: Bool
    switch members["crossOrigin"] {
    case nil: crossOrigin = false
    case .bool(let value): crossOrigin = value
    default: throw .malformed(field: "crossOrigin")
    }
    self.init(
      type: type, challenge: try Base64URLBytes(base64URL: challenge).bytes, origin: origin,
      crossOrigin: crossOrigin, topOrigin: try text("topOrigin"))
  }

  /// The client data in WebAuthn Level 3 §5.8.1.1's limited serialization: type, challenge
  /// (base64url), origin, crossOrigin, then topOrigin when there is one, no whitespace.
  /// - Returns: The UTF-8 JSON bytes (`clientDataJSON`).
  public func json() -> [UInt8] {
    var output = Array(#"{"type":"#.utf8)
    Self.appendString(type.rawValue, to: &output)
    output += #","challenge":"#.utf8
    Self.appendString(Base64URLBytes(challenge).base64URL, to: &output)
    output += #","origin":"#.utf8
    Self.appendString(origin, to: &output)
    output += #","crossOrigin":"#.utf8
    output += (crossOrigin ? "true" : "false").utf8
    if let topOrigin {
      output += #","topOrigin":"#.utf8
      Self.appendString(topOrigin, to: &output)
    }
    output.append(UInt8(ascii: "}"))
    return output
  }

  /// §5.8.1.1's CCDToString: a quoted string escaping only `"`, `\` and the code points
  /// below U+0020, the latter as `\u` and four lower-case hex digits.
  private static func appendString(_ text: String, to output: inout [UInt8]) {
    output.append(UInt8(ascii: "\""))
    for scalar in text.unicodeScalars {
      switch scalar.value {
      case 0x22: output += #"\""#.utf8
      case 0x5c: output += #"\\"#.utf8
      case 0..<0x20:
        let hex = String(scalar.value, radix: 16)
        output += "\\u\(String(repeating: "0", count: 4 - hex.count))\(hex)".utf8
      default: output += String(scalar).utf8
      }
    }
    output.append(UInt8(ascii: "\""))
  }
}
