/// The attested credential data in authenticator data (WebAuthn Level 3 §6.5.2): the
/// authenticator's model, the new credential's id and its public key.
public struct AttestedCredential: Sendable, Equatable {
  /// The longest credential id WebAuthn Level 3 allows, in bytes.
  public static let maximumCredentialIDLength = 1023

  /// The authenticator's AAGUID, 16 bytes (all zero for "none" attestation).
  public let aaguid: [UInt8]
  /// The credential id, 1 to ``maximumCredentialIDLength`` bytes.
  public let credentialID: [UInt8]
  /// The credential's public key.
  public let publicKey: COSEKey
  /// The public key's CBOR bytes exactly as the authenticator wrote them: what a relying
  /// party keeps.
  public let publicKeyBytes: [UInt8]

  /// Makes attested credential data; the key is written in deterministic CBOR.
  /// - Parameters:
  ///   - aaguid: The AAGUID, 16 bytes.
  ///   - credentialID: The credential id, 1 to 1023 bytes.
  ///   - publicKey: The public key.
  /// - Throws: ``WebAuthnError/malformed(field:)`` for an AAGUID or credential id of
  ///   another length.
  public init(
    aaguid: [UInt8] = Array(repeating: 0, count: 16), credentialID: [UInt8], publicKey: COSEKey
  ) throws(WebAuthnError) {
    try self.init(
      aaguid: aaguid, credentialID: credentialID, publicKey: publicKey,
      publicKeyBytes: publicKey.encoded())
  }

  init(
    aaguid: [UInt8], credentialID: [UInt8], publicKey: COSEKey, publicKeyBytes: [UInt8]
  ) throws(WebAuthnError) {
    guard aaguid.count == 16 else { throw .malformed(field: "aaguid") }
    guard (1...Self.maximumCredentialIDLength).contains(credentialID.count) else {
      throw .malformed(field: "credentialIdLength")
    }
    self.aaguid = aaguid
    self.credentialID = credentialID
    self.publicKey = publicKey
    self.publicKeyBytes = publicKeyBytes
  }

  /// The attested credential data's bytes: AAGUID, id length (big-endian), id, key.
  /// - Returns: The bytes.
  public func bytes() -> [UInt8] {
    let length = UInt16(credentialID.count)
    return aaguid + [UInt8(length >> 8), UInt8(length & 0xff)] + credentialID + publicKeyBytes
  }
}
