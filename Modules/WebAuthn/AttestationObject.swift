/// What an authenticator returns on registration (WebAuthn Level 3 §6.5.4): the attestation
/// statement's format and body, and the authenticator data with the new credential.
///
/// ```swift
/// let object = try AttestationObject(bytes: response.response.attestationObject.bytes)
/// let key = object.authenticatorData.attestedCredential?.publicKey
/// ```
public struct AttestationObject: Sendable, Equatable {
  /// The attestation statement format, e.g. `none` or `packed`.
  public let fmt: String
  /// The attestation statement, a CBOR map; empty for `none`.
  public let attestationStatement: CBOR
  /// The authenticator data, read.
  public let authenticatorData: AuthenticatorData
  /// The authenticator data's bytes exactly as sent.
  public let rawAuthenticatorData: [UInt8]

  /// Makes an attestation object.
  /// - Parameters:
  ///   - fmt: The format.
  ///   - attestationStatement: The statement, a map.
  ///   - authenticatorData: The authenticator data, written with ``AuthenticatorData/bytes()``.
  /// - Throws: ``WebAuthnError/malformed(field:)`` when the statement is not a map.
  public init(
    fmt: String, attestationStatement: CBOR, authenticatorData: AuthenticatorData
  ) throws(WebAuthnError) {
    guard attestationStatement.mapValue != nil else { throw .malformed(field: "attStmt") }
    self.fmt = fmt
    self.attestationStatement = attestationStatement
    self.authenticatorData = authenticatorData
    self.rawAuthenticatorData = authenticatorData.bytes()
  }

  /// The `none` attestation (§8.7): no statement, as a relying party that asks for none
  /// receives.
  /// - Parameter authenticatorData: The authenticator data with the new credential.
  /// - Returns: The attestation object.
  public static func none(authenticatorData: AuthenticatorData) -> AttestationObject {
    AttestationObject(
      fmt: "none", statement: .map([]), authenticatorData: authenticatorData,
      raw: authenticatorData.bytes())
  }

  private init(
    fmt: String, statement: CBOR, authenticatorData: AuthenticatorData, raw: [UInt8]
  ) {
    self.fmt = fmt
    self.attestationStatement = statement
    self.authenticatorData = authenticatorData
    self.rawAuthenticatorData = raw
  }

  /// Reads an attestation object of any format; the statement is kept, not verified.
  /// - Parameter bytes: The CBOR bytes (`attestationObject`).
  /// - Throws: ``WebAuthnError`` when the bytes are not CBOR, not a map with a text `fmt`, a
  ///   map `attStmt` and a byte string `authData`, or the authenticator data does not read.
  public init(bytes: [UInt8]) throws(WebAuthnError) {
    let item = try CBOR.decode(bytes)
    guard item.mapValue != nil else { throw .malformed(field: "attestationObject") }
    guard let fmt = item[key: "fmt"]?.textValue else { throw .malformed(field: "fmt") }
    guard let statement = item[key: "attStmt"], statement.mapValue != nil else {
      throw .malformed(field: "attStmt")
    }
    guard let raw = item[key: "authData"]?.bytesValue else {
      throw .malformed(field: "authData")
    }
    self.init(
      fmt: fmt, statement: statement, authenticatorData: try AuthenticatorData(bytes: raw),
      raw: raw)
  }

  /// The attestation object in deterministic CBOR: `fmt`, `attStmt`, `authData`.
  /// - Returns: The bytes.
  public func bytes() -> [UInt8] {
    CBOR.map([
      (.text("fmt"), .text(fmt)), (.text("attStmt"), attestationStatement),
      (.text("authData"), .bytes(rawAuthenticatorData)),
    ]).encoded()
  }
}
