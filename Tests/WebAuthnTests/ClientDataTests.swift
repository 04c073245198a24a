import Testing
import WebAuthn

@Suite("Client data")
struct ClientDataTests {
  @Test("a browser's client data reads, and is written back byte for byte")
  func browserBytes() throws {
    let bytes = try base64URL(Fixtures.noneClientDataJSON)
    let clientData = try CollectedClientData(json: bytes)
    #expect(clientData.type == .create)
    #expect(clientData.challenge == (try base64URL(Fixtures.noneChallenge)))
    #expect(clientData.origin == "http://localhost:5000")
    #expect(clientData.crossOrigin == false)
    #expect(clientData.topOrigin == nil)
    #expect(clientData.json() == bytes)
  }

  @Test("client data is written in the limited serialization's order with exact escapes")
  func exactBytes() throws {
    let clientData = CollectedClientData(
      type: .get, challenge: [0xfb, 0xff, 0x01], origin: "https://a\"b\\c\u{1}\u{1f}é🙂")
    let expected =
      #"{"type":"webauthn.get","challenge":"-_8B","origin":"https://a\"b\\c\u0001\u001fé🙂","#
      + #""crossOrigin":false}"#
    #expect(clientData.json() == Array(expected.utf8))
    let framed = CollectedClientData(
      type: .create, challenge: [], origin: "https://x", crossOrigin: true,
      topOrigin: "https://top")
    #expect(
      framed.json() == Array(
        (#"{"type":"webauthn.create","challenge":"","origin":"https://x","crossOrigin":true,"#
          + #""topOrigin":"https://top"}"#).utf8))
    #expect(try CollectedClientData(json: framed.json()) == framed)
    #expect(try CollectedClientData(json: clientData.json()) == clientData)
  }

  @Test("an older browser's client data with extra members and no crossOrigin reads")
  func extraMembers() throws {
    let clientData = try CollectedClientData(json: base64URL(Fixtures.extraMembersClientDataJSON))
    #expect(clientData.type == .get)
    #expect(clientData.origin == "http://localhost:5000")
    #expect(clientData.crossOrigin == false)
    #expect(
      clientData.challenge == (try base64URL(
        "xi30GPGAFYRxVDpY1sM10DaLzVQG66nv-_7RUazH0vI2YvG8LYgDEnvN5fZZNVuvEDuMi9te3VLqb42N0fkLGA")))
  }

  struct Refusal: Sendable, CustomStringConvertible {
    let json: String
    let error: WebAuthnError
    var description: String { json }
  }

  static let refusals: [Refusal] = [
    Refusal(json: "", error: .invalidJSON),
    Refusal(json: "[]", error: .invalidJSON),
    Refusal(json: #"{"type":"webauthn.get""#, error: .invalidJSON),
    Refusal(json: #"{"challenge":"AA","origin":"o"}"#, error: .malformed(field: "type")),
    Refusal(json: #"{"type":"payment.get","challenge":"AA","origin":"o"}"#,
      error: .malformed(field: "type")),
    Refusal(json: #"{"type":1,"challenge":"AA","origin":"o"}"#,
      error: .malformed(field: "type")),
    Refusal(json: #"{"type":"webauthn.get","origin":"o"}"#, error: .malformed(field: "challenge")),
    Refusal(json: #"{"type":"webauthn.get","challenge":"AA"}"#, error: .malformed(field: "origin")),
    Refusal(json: #"{"type":"webauthn.get","challenge":"AA==","origin":"o"}"#,
      error: .invalidBase64URL),
    Refusal(json: #"{"type":"webauthn.get","challenge":"AA","origin":"o","crossOrigin":"no"}"#,
      error: .malformed(field: "crossOrigin")),
    Refusal(json: #"{"type":"webauthn.get","challenge":"AA","origin":"o","topOrigin":null}"#,
      error: .malformed(field: "topOrigin")),
  ]

  @Test("client data that is not client data is refused", arguments: refusals)
  func refuses(refusal: Refusal) {
    #expect(throws: refusal.error) { try CollectedClientData(json: Array(refusal.json.utf8)) }
  }
}
