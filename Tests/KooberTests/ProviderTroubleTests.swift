import Foundation
import LoopbackServer
import Testing
import WireFormat

/// koober with a provider that answers without OAuth JSON (seen with glewlwyd: an empty
/// `403` to the password grant): the sentence names the sign-in provider and the status,
/// never "offline" and never "Koober's server".
@Suite("koober: a provider's answer without OAuth JSON")
struct ProviderTroubleTests {
  /// A provider whose token endpoint answers `tokenStatus` with an empty body (200: a good
  /// token answer) and whose userinfo answers `userinfoStatus` empty (200: Ann).
  static func provider(tokenStatus: Int, userinfoStatus: Locked<Int>) throws -> LoopbackServer {
    let server = try LoopbackServer()
    let base = server.baseURL.absoluteString
    server.route(.get, "/.well-known/openid-configuration") { _ in
      .json(
        raw: #"{"issuer": "\#(base)", "token_endpoint": "\#(base)/token", "#
          + #""userinfo_endpoint": "\#(base)/userinfo"}"#)
    }
    server.route(.post, "/token") { _ in
      guard tokenStatus == 200 else { return HTTPResponse(status: tokenStatus) }
      return .json(
        raw: #"{"access_token": "at-1", "token_type": "Bearer", "expires_in": 300, "#
          + #""refresh_token": "rt-1"}"#)
    }
    server.route(.get, "/userinfo") { _ in
      let status = userinfoStatus.withLock { $0 }
      guard status == 200 else { return HTTPResponse(status: status) }
      return .json(raw: #"{"sub": "u-1", "name": "Ann", "email": "ann@example.com"}"#)
    }
    return server
  }

  @Test("an empty 403 to the sign-in names the provider and the status, in both languages")
  func signInRefusedEmpty() async throws {
    let server = try Self.provider(tokenStatus: 403, userinfoStatus: Locked(200))
    defer { server.stop() }
    let fixture = try KooberFixture()
    defer { fixture.remove() }
    let oidc = ["--oidc-issuer", server.baseURL.absoluteString, "--client-id", "koober-public"]
    let signIn = ["sign-in", "--email", "ann@example.com", "--password-stdin"]
    let english = try await fixture.run(oidc + signIn, stdin: "Pass1234\n")
    #expect(english.status == 1)
    #expect(
      english.stderr
        == "koober: The sign-in provider answered HTTP 403 without a usable answer; "
        + "try again later.\n")
    let chinese = try await fixture.run(oidc + ["--lang", "zh-Hans"] + signIn, stdin: "Pass1234\n")
    #expect(chinese.stderr == "koober: 登录服务商返回了 HTTP 403，但没有可用的答复；请稍后再试。\n")
  }

  @Test("status when userinfo answers an empty 500: the provider named, the session kept")
  func statusUnverified() async throws {
    let userinfo = Locked(200)
    let server = try Self.provider(tokenStatus: 200, userinfoStatus: userinfo)
    defer { server.stop() }
    let fixture = try KooberFixture()
    defer { fixture.remove() }
    let oidc = ["--oidc-issuer", server.baseURL.absoluteString, "--client-id", "koober-public"]
    let signIn = try await fixture.run(
      oidc + ["sign-in", "--email", "ann@example.com", "--password-stdin"], stdin: "Pass1234\n")
    #expect(signIn.status == 0, "\(signIn.stderr)")
    userinfo.withLock { $0 = 500 }
    let status = try await fixture.run(oidc + ["status"])
    #expect(status.status == 1)
    #expect(status.stdout == "Signed in as Ann <ann@example.com> (passenger).\n")
    // KooberWire names Koober's types with any provider, in 简体中文 too.
    let chinese = try await fixture.run(oidc + ["--lang", "zh-Hans", "status"])
    #expect(chinese.stdout == "已登录：Ann <ann@example.com>（乘客）。\n")
    #expect(
      status.stderr
        == "koober: The sign-in provider answered HTTP 500 without a usable answer; try again "
        + "later. Your session is kept until it can be checked.\n")
    #expect(!status.stderr.contains("offline") && !status.stderr.contains("Koober"))
    userinfo.withLock { $0 = 200 }
    #expect(try await fixture.run(oidc + ["status"]).status == 0)
  }
}
