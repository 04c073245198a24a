import Foundation
import Localization
import ServiceUserOIDC
import Testing

/// A user name or password in a provider URL is refused: HTTP forbids it (RFC 9110,
/// section 4.2.4), libcurl would send it as Basic credentials, and every line printing the
/// URL (an identity, a refusal, a log) would show it.
@Suite("ServiceUserOIDC refuses user information in provider URLs")
struct URLUserInfoTests {
  @Test(
    "an issuer or endpoint with a user or password is refused at init, in both languages",
    arguments: [
      "https://ann:hunter2@id.example.com/o", "https://ann@id.example.com/o",
      "https://:hunter2@id.example.com/o", "http://ann:hunter2@127.0.0.1:9/o",
    ])
  func refusedAtInit(text: String) throws {
    let bad = try #require(URL(string: text))
    let good = try #require(URL(string: "https://id.example.com/o"))
    let host = bad.host ?? ""
    #expect(throws: OIDCConfigurationError.userInfoInURL(role: "issuer", host: host)) {
      try OIDCConfiguration(issuer: bad, clientID: "app", defaultUserType: .passenger)
    }
    let revocation = #expect(throws: OIDCConfigurationError.self) {
      try OIDCConfiguration(
        issuer: good, clientID: "app", defaultUserType: .passenger, revocationEndpoint: bad)
    }
    #expect(revocation == .userInfoInURL(role: "revocation endpoint", host: host))
    let device = #expect(throws: OIDCConfigurationError.self) {
      try OIDCConfiguration(
        issuer: good, clientID: "app", defaultUserType: .passenger,
        deviceAuthorizationEndpoint: bad)
    }
    #expect(device?.code == "userinfo_in_url")
    let english = Texts.$scopedLanguage.withValue(.english) { revocation?.message ?? "" }
    let chinese = Texts.$scopedLanguage.withValue(.simplifiedChinese) {
      revocation?.message ?? ""
    }
    #expect(english.contains("user name or password"))
    #expect(chinese.contains("用户名或密码"))
    let texts = [english, chinese, revocation?.description ?? "", String(describing: device)]
    for shown in texts {
      #expect(!shown.contains("hunter2"), "leaked in: \(shown)")
      #expect(!shown.contains("ann"), "leaked in: \(shown)")
    }
  }

  @Test("a discovery document naming an endpoint with a password is refused, unprinted")
  func discoveredEndpointRefused() async throws {
    let fake = try FakeProvider()
    let port = fake.server.baseURL.port ?? 0
    fake.answerDiscovery(
      members: ["issuer": "$base", "token_endpoint": "http://ann:hunter2@127.0.0.1:\(port)/t"])
    let trouble = try await fake.signInTrouble()
    #expect(trouble.contains("user name or password"), "\(trouble)")
    #expect(!trouble.contains("hunter2"))
  }

  @Test("a discovery document naming another issuer with a password is refused, unprinted")
  func discoveredIssuerUnprinted() async throws {
    let fake = try FakeProvider()
    fake.answerDiscovery(
      members: ["issuer": "https://ann:hunter2@evil.example", "token_endpoint": "$base/token"])
    let trouble = try await fake.signInTrouble()
    #expect(trouble.contains("evil.example"), "\(trouble)")
    #expect(!trouble.contains("hunter2"), "\(trouble)")
  }
}
