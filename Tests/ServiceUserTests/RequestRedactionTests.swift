import ServiceUser
import ServiceUserKoober
import ServiceUserLogin
import Testing
import UserModel

@Suite("Requests that carry secrets never show them")
struct RequestRedactionTests {
  /// Every way a value becomes text: interpolation, `description`, `debugDescription`, `dump`.
  static func texts(of value: Any) -> [String] {
    var dumped = ""
    dump(value, to: &dumped)
    return ["\(value)", String(describing: value), String(reflecting: value), dumped]
  }

  @Test("the refresh token, the one-time code, the password and the sign-out token are redacted")
  func secretsRedacted() {
    let form = SignUpCredentials(
      identifier: "ann@example.com", password: "pw-SECRET-1", name: nil, type: .passenger)
    let requests: [Any] = [
      SessionRequest(configuration: .refresh(refreshToken: "rt-SECRET-2")),
      SessionRequest(configuration: .verifyCode(challengeID: "chl_7", code: "SECRET-3")),
      SessionRequest(configuration: .signUp(form)),
      SignOutRequest(configuration: .signOut(accessToken: "tok-SECRET-4")),
      SignOutRequest(configuration: .revoke(refreshToken: "rft-SECRET-5")),
    ]
    for text in requests.flatMap(Self.texts(of:)) {
      #expect(!text.contains("SECRET"), "leaked in: \(text)")
    }
    #expect(
      "\(SessionRequest.Configuration.verifyCode(challengeID: "chl_7", code: "1"))"
        == "verifyCode(challengeID: chl_7, code: <redacted>)")
    #expect(
      "\(SignOutRequest(configuration: .signOut(accessToken: "t")))"
        == "SignOutRequest(token: <redacted>)")
  }
}
