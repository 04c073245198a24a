import Foundation
import LoginCore
import LoopbackServer
import OIDCProviderHarness
import ServiceUserOIDC
import TestSupport
import Testing

extension ProviderTests {
  /// RFC 9207 against django-oauth-toolkit's real authorization response: naming another
  /// issuer it is refused before its code is sent anywhere; naming DOT's own, it signs in.
  ///
  /// DOT can send `iss` (`COMPLIANT_BCP_RFC9700_AUTHZ_RESPONSE_ISS`), but 3.4.1 leaves it out
  /// of error responses, which RFC 9207 §2 forbids: a refused consent would then read as an
  /// interrupted sign-in. So serve.py leaves it off, and the test adds the `iss` itself.
  @Suite("RFC 9207: the authorization response's iss")
  struct AuthorizationResponseIssuer {
    @Test("DOT's answer naming another issuer is refused, nothing redeemed; naming DOT, signs in")
    func realAnswer() async throws {
      let provider = try await SharedProviders.shared.provider(accessSeconds: 60)
      let api = OIDCAuthAPI(
        configuration: try OIDCConfiguration(
          issuer: provider.issuer, clientID: "koober-browser", defaultUserType: .passenger,
          userTypeClaim: "koober_type"))
      // Where the person's browser is sent back: caught, not redeemed, so the test can
      // hand the adapter the real answer and altered copies of it.
      let app = try LoopbackServer()
      defer { app.stop() }
      let caught = Recorder()
      app.route(.get, "/callback") { request in
        await caught.record(request)
        return .text(status: 200, "back")
      }
      let redirect = app.baseURL.appendingPathComponent("callback")
      let request = try await api.authorizationRequest(redirectURI: redirect)
      let person = try ChildProcess(
        executable: URL(fileURLWithPath: "/usr/bin/env"),
        arguments: ["python3", OIDCProviderProcess.person.path, request.url.absoluteString])
      #expect(await person.waitForExit(timeout: .seconds(120)) == .exited(0))
      let target = try #require(await caught.all.first?.target)
      let answer = try #require(URL(string: app.baseURL.absoluteString + target))
      let items = try #require(
        URLComponents(url: answer, resolvingAgainstBaseURL: false)?.queryItems)
      #expect(items.contains { $0.name == "code" })

      let issuer = provider.issuer.absoluteString
      for altered in [
        Self.replacing(answer, iss: "https://evil.example/o"),
        Self.replacing(answer, iss: issuer + "/"), Self.replacing(answer, iss: ""),
      ] {
        #expect(
          await failure { try await api.signIn(callback: altered, for: request) }
            == .refused(.signInInterrupted), "\(altered)")
      }
      // Refused before the code was sent: the answer naming DOT still redeems it.
      let session = try await api.signIn(
        callback: Self.replacing(answer, iss: issuer), for: request)
      #expect(session.user.email == "ann@example.com")
      #expect(session.idToken != nil)
    }

    /// The answer with its `iss` set to `iss`, or removed for `nil`.
    static func replacing(_ answer: URL, iss: String?) -> URL {
      var components = URLComponents(url: answer, resolvingAgainstBaseURL: false)
      var items = (components?.queryItems ?? []).filter { $0.name != "iss" }
      if let iss { items.append(URLQueryItem(name: "iss", value: iss)) }
      components?.queryItems = items
      return components?.url ?? answer
    }
  }
}
