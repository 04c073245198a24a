import Foundation
import LoginCore
import LoopbackServer
import ServiceUserOIDC
import Testing

/// The address a device sign-in shows the person, where they will type their password: only
/// `https`, or plain `http` to this machine, and never with a user name before the host.
@Suite("device sign-in: which verification addresses are shown")
struct DeviceVerificationAddressTests {
  /// A device authorization answer with these addresses.
  static func answer(uri: String, complete: String? = nil) -> HTTPResponse {
    var body = #"{"device_code": "dc-1", "user_code": "WDJB-MJHT", "verification_uri": ""#
      + uri + #"""#
    if let complete { body += #", "verification_uri_complete": ""# + complete + #"""# }
    return .json(raw: body + #", "expires_in": 600, "interval": 2}"#)
  }

  @Test(
    "plain http off this machine, or a user before the host, is the provider's trouble",
    arguments: [
      "http://id.example.com/device", "http://10.0.0.1/device", "http://[2001:db8::1]/device",
      "HTTP://id.example.com/device", "https://bank.example@evil.example/device",
      "https://user:pass@id.example.com/device",
    ])
  func refused(uri: String) async throws {
    let (_, api, _) = try DeviceSignInTests.setUp(
      device: Self.answer(uri: uri), tokens: [.json(raw: FakeProvider.tokenAnswer)])
    let text = try #require(trouble(await failure { try await api.startDeviceSignIn() }))
    #expect(text.contains("verification_uri"))
  }

  @Test(
    "https, and plain http to 127.0.0.0/8, ::1 or localhost, are shown",
    arguments: [
      "https://id.example.com/device", "http://127.0.0.1:8080/device",
      "http://127.1.2.3/device", "http://[::1]:8080/device", "http://localhost:8080/device",
    ])
  func shown(uri: String) async throws {
    let (_, api, _) = try DeviceSignInTests.setUp(
      device: Self.answer(uri: uri, complete: uri + "?user_code=WDJB-MJHT"),
      tokens: [.json(raw: FakeProvider.tokenAnswer)])
    let started = try await api.startDeviceSignIn()
    #expect(started.verificationURI.absoluteString == uri)
    #expect(started.verificationURIComplete?.absoluteString == uri + "?user_code=WDJB-MJHT")
  }

  @Test("a plain-http verification_uri_complete off this machine is left out, the rest shown")
  func completeLeftOut() async throws {
    for complete in [
      "http://id.example.com/device?user_code=WDJB-MJHT",
      "https://bank.example@evil.example/device?user_code=WDJB-MJHT",
    ] {
      let (_, api, _) = try DeviceSignInTests.setUp(
        device: Self.answer(uri: "https://id.example.com/device", complete: complete),
        tokens: [.json(raw: FakeProvider.tokenAnswer)])
      let started = try await api.startDeviceSignIn()
      #expect(started.verificationURI.absoluteString == "https://id.example.com/device")
      #expect(started.verificationURIComplete == nil, "\(complete)")
    }
  }
}
