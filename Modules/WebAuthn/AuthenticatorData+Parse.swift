extension AuthenticatorData {
  /// Reads authenticator data strictly: every length is checked against the input, AT and
  /// ED must match what follows, and nothing may be left over.
  /// - Parameter bytes: The authenticator data.
  /// - Throws: ``WebAuthnError/truncated`` when the input ends early,
  ///   ``WebAuthnError/trailingBytes`` for bytes left over, ``WebAuthnError/malformed(field:)``
  ///   for a credential id longer than 1023 bytes or empty, and the COSE key's or the CBOR's
  ///   errors.
  public init(bytes: [UInt8]) throws(WebAuthnError) {
    guard bytes.count >= Self.fixedLength else { throw .truncated }
    let flags = Flags(rawValue: bytes[32])
    let signCount = bytes[33..<37].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
    var position = Self.fixedLength
    var credential: AttestedCredential?
    if flags.contains(.attestedCredentialData) {
      guard bytes.count - position >= 18 else { throw .truncated }
      let aaguid = Array(bytes[position..<position + 16])
      let length = Int(bytes[position + 16]) << 8 | Int(bytes[position + 17])
      position += 18
      guard length <= AttestedCredential.maximumCredentialIDLength, length > 0 else {
        throw .malformed(field: "credentialIdLength")
      }
      guard bytes.count - position >= length else { throw .truncated }
      let credentialID = Array(bytes[position..<position + length])
      position += length
      let (item, keyLength) = try CBOR.decodePrefix(bytes[position...])
      let key = try COSEKey(cbor: item)
      credential = try AttestedCredential(
        aaguid: aaguid, credentialID: credentialID, publicKey: key,
        publicKeyBytes: Array(bytes[position..<position + keyLength]))
      position += keyLength
    }
    var extensions: CBOR?
    if flags.contains(.extensionData) {
      let (item, length) = try CBOR.decodePrefix(bytes[position...])
      guard item.mapValue != nil else { throw .malformed(field: "extensions") }
      extensions = item
      position += length
    }
    guard position == bytes.count else { throw .trailingBytes }
    try self.init(
      rpIDHash: Array(bytes[0..<32]), flags: flags, signCount: signCount,
      attestedCredential: credential, extensions: extensions)
  }
}
