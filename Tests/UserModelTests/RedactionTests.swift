import Foundation
import Testing
import UserModel

/// A value nested in another struct, as when a session sits in a view state that gets logged.
private struct Holder<Value> {
  var value: Value
}

@Suite("Secrets stay out of descriptions")
struct RedactionTests {
  static let token = "tok_SECRET_ACCESS_9f8e7d"
  static let refreshToken = "rft_SECRET_REFRESH_1a2b3c"
  static let password = "Pa55word-SECRET"

  /// Every way Swift turns a value into text: print, interpolation, debug, dump, and the value
  /// nested in an optional, an array and another struct.
  static func renderings<T>(of value: T) -> [String] {
    var dumped = ""
    dump(value, to: &dumped)
    var dumpedHolder = ""
    dump(Holder(value: value), to: &dumpedHolder)
    return [
      String(describing: value), String(reflecting: value), "\(value)",
      "\(Optional(value) as Any)", "\([value])", String(describing: Holder(value: value)),
      dumped, dumpedHolder,
    ]
  }

  @Test("a session's description, debug description and mirror never show its tokens")
  func session() {
    let session = UserSession(
      user: User(
        id: "usr_1", identifier: "ann@example.com", email: "ann@example.com", name: "Ann",
        type: .member),
      accessToken: Self.token, accessTokenExpiresAt: Date(timeIntervalSince1970: 0),
      refreshToken: Self.refreshToken, refreshTokenExpiresAt: Date(timeIntervalSince1970: 60))
    for text in Self.renderings(of: session) {
      #expect(!text.contains(Self.token) && !text.contains(Self.refreshToken), "\(text)")
      #expect(!text.contains("SECRET"))
      #expect(text.contains("<redacted>"))
      #expect(text.contains("ann@example.com"))
    }
  }

  @Test("sign-in credentials never show the password")
  func signIn() {
    let credentials = SignInCredentials(identifier: "ann@example.com", password: Self.password)
    for text in Self.renderings(of: credentials) {
      #expect(!text.contains("SECRET"), "\(text)")
      #expect(text.contains("ann@example.com") && text.contains("<redacted>"))
    }
  }

  @Test("sign-up credentials never show the password, with or without a name")
  func signUp() {
    for name in ["Ann", nil] as [String?] {
      let credentials = SignUpCredentials(
        identifier: "ann@example.com", password: Self.password, name: name, type: .admin)
      for text in Self.renderings(of: credentials) {
        #expect(!text.contains("SECRET"), "\(text)")
        #expect(text.contains("ann@example.com") && text.contains("<redacted>"))
      }
    }
  }

  @Test("the exact descriptions, so a change to them is a deliberate one")
  func exactDescriptions() {
    let signUp = SignUpCredentials(
      identifier: "ann@example.com", password: Self.password, name: "Ann", type: .admin)
    #expect(
      signUp.description
        == #"SignUpCredentials(identifier: ann@example.com, password: <redacted>, name: "Ann", "#
        + "type: admin)")
    let signIn = SignInCredentials(identifier: "ann@example.com", password: Self.password)
    #expect(
      signIn.description == "SignInCredentials(identifier: ann@example.com, password: <redacted>)")
  }
}
