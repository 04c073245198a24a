import Foundation
import Localization
import LoopbackServer
import NetworkClient
import Testing

@Suite("Redaction by name part, after XSSI prefixes, and of URL user information")
struct ShortSecretRedactionTests {
  /// Short secrets under names that say so only in one part: none is token-shaped, so only
  /// the name can hide them. Every name is built in (none is an app-added one).
  static let secrets: [(name: String, value: String)] = [
    ("otp_code", "sec-otp"), ("userPin", "sec-pin"), ("passwd", "sec-passwd"),
    ("api_key", "sec-api"), ("X-Api-Key", "sec-xapi"), ("refreshToken", "sec-refresh"),
    ("sessionId", "sec-session"), ("clientSecret", "sec-client"), ("credentials", "sec-cred"),
    ("pwd_new", "sec-pwd"), ("APIKey", "sec-apikey"), ("totp", "sec-totp"),
    ("pin", "sec-lone-pin"), ("PIN", "sec-upper-pin"), ("otpCode", "sec-otpcode"),
    ("X-Session", "sec-xsession"), ("auth_code", "sec-authcode"), ("Cookie", "sec-cookie"),
    // A password stem inside a longer word, and a counter after a stem.
    ("newpassword", "sec-newpw"), ("currentpassword", "sec-curpw"),
    ("confirmpassword", "sec-confpw"), ("dbpassword", "sec-dbpw"), ("mypasswd", "sec-mypw"),
    ("pin1", "sec-pin-one"), ("pin2", "sec-pin-two"), ("code2", "sec-code-two"),
    ("apikey2", "sec-apikey-two"),
  ]

  /// Names where a stem is only part of a word, which stay readable.
  static let ordinary: [(name: String, value: String)] = [
    ("passengers", "three-riders"), ("keyboard", "qwerty-layout"), ("encoding", "utf8-plain"),
    ("ping", "pong-reply"), ("footprint", "small-print"), ("spinner", "spinning-on"),
  ]

  @Test("values under names with a secret part are redacted in log lines and descriptions")
  func shortSecretsByNamePart() async throws {
    let lines = Shared([String]())
    let h = try Harness(retryPolicy: .none, logger: { line in lines.update { $0.append(line) } })
    defer { h.stop() }
    h.server.route(.post, "/v1/x") { _ in .json(raw: #"{"id": 1}"#) }
    let all = Self.secrets + Self.ordinary
    let json = "{" + all.map { #""\#($0.name)": "\#($0.value)""# }.joined(separator: ", ") + "}"
    let form = all.map { "\($0.name)=\($0.value)" }.joined(separator: "&")
    let query = all.map { URLQueryItem(name: $0.name, value: $0.value) }
    let headers = Dictionary(uniqueKeysWithValues: all.map { ("X-\($0.name)", $0.value) })
    let endpoints = [
      Endpoint(.post, "/v1/x", query: query, headers: headers, body: Data(json.utf8)),
      Endpoint(.post, "/v1/x", body: Data(form.utf8)),
    ]
    for endpoint in endpoints { _ = try await h.client.response(for: endpoint) }
    let texts = lines.value + endpoints.map(\.description)
    #expect(lines.value.count == 2)
    for text in texts {
      for secret in Self.secrets {
        #expect(!text.contains(secret.value), "\(secret.name)'s value leaked in: \(text)")
      }
      for kept in Self.ordinary {
        #expect(text.contains(kept.value), "\(kept.name)'s value was hidden in: \(text)")
      }
    }
  }

  @Test(
    "an error body behind a byte order mark or an anti-XSSI prefix is read as JSON",
    arguments: ["\u{FEFF}", ")]}'", ")]}',", ")]}',\n", ")]}'\n", "\u{FEFF})]}',\n"])
  func prefixedErrorBody(prefix: String) throws {
    let body = prefix + #"{"access_token": "at-31", "otp": "2468", "error": "expired"}"#
    let error = NetworkError.http(status: 400, body: Data(body.utf8))
    let excerpt = try #require(error.excerpt)
    for text in [excerpt, error.description] {
      #expect(!text.contains("at-31"), "leaked in: \(text)")
      #expect(!text.contains("2468"), "leaked in: \(text)")
      #expect(text.contains(#""error": "expired""#), "the rest should stay readable: \(text)")
    }
    #expect(excerpt.hasPrefix(prefix), "the prefix is kept as sent: \(excerpt)")
  }

  @Test(
    "a base URL with a user or password is refused before anything is sent, unprinted",
    arguments: [
      "https://alice:pa55word@api.koober.example", "https://alice@api.koober.example",
      "http://alice:pa55word@127.0.0.1:9/?next=1", "https://:pa55word@api.koober.example",
    ])
  func userInformationRefused(base: String) async throws {
    let lines = Shared([String]())
    let transport = RecordingTransport()
    let url = try #require(URL(string: base))
    let client = NetworkClient(
      baseURL: url, transport: transport, allowsInsecureHTTP: true, retryPolicy: .none,
      logger: { line in lines.update { $0.append(line) } })
    let error = await #expect(throws: NetworkError.self) {
      _ = try await client.response(for: Endpoint(.get, "/v1/users/me"))
    }
    #expect(error == .userInfoInURL(host: url.host ?? ""))
    #expect(error?.code == "userinfo_in_url")
    #expect(transport.sent.isEmpty)
    let english = Texts.$scopedLanguage.withValue(.english) { error?.message ?? "" }
    let chinese = Texts.$scopedLanguage.withValue(.simplifiedChinese) { error?.message ?? "" }
    #expect(english.contains("user name or password"))
    #expect(chinese.contains("用户名或密码"))
    for text in lines.value + [error?.description ?? "", english, chinese] {
      #expect(!text.contains("alice"), "leaked in: \(text)")
      #expect(!text.contains("pa55word"), "leaked in: \(text)")
    }
  }
}
