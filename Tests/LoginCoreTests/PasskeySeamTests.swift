import Foundation
import Localization
import LoginCore
import Testing
import UserModel
import WebAuthn

/// The passkey seam: its refusals' codes (the HTTP contract's where the server sends them)
/// and sentences in both languages, and an adapter without passkeys (`MinimalAPI`, only the
/// four operations every server has) answering unsupported.
@Suite("LoginCore's passkey seam")
struct PasskeySeamTests {
  @Test("each passkey refusal has its code")
  func codes() {
    let codes: [(AuthRefusal, String)] = [
      (.passkeyCancelled, "passkey_cancelled"), (.noPasskey, "no_passkey"),
      (.reauthenticationRequired, "reauthentication_required"),
      (.invalidPasskey, "invalid_passkey"), (.passkeyExists, "passkey_exists"),
      (.passkeyNotFound, "not_found"), (.flowExpired, "flow_expired"),
    ]
    for (refusal, code) in codes {
      #expect(AuthFailure.refused(refusal).code == code)
    }
    #expect(AuthFailure.unsupported(.passkeys).code == "unsupported_passkeys")
  }

  @Test("each passkey refusal reads as its own sentence, in English and in 简体中文")
  func sentences() {
    let refusals: [AuthRefusal] = [
      .passkeyCancelled, .noPasskey, .reauthenticationRequired, .invalidPasskey, .passkeyExists,
      .passkeyNotFound, .flowExpired,
    ]
    for language in [TextLanguage.english, .simplifiedChinese] {
      let sentences = Texts.$scopedLanguage.withValue(language) {
        refusals.map { AuthFailure.refused($0).message }
      }
      #expect(Set(sentences).count == refusals.count, "\(language): \(sentences)")
    }
    Texts.$scopedLanguage.withValue(.english) {
      #expect(
        AuthFailure.refused(.reauthenticationRequired).message
          == "For your security, sign in again before making this change.")
      #expect(
        AuthFailure.unsupported(.passkeys).message
          == "Your account provider does not offer passkeys here.")
    }
    Texts.$scopedLanguage.withValue(.simplifiedChinese) {
      #expect(AuthFailure.refused(.noPasskey).message == "此设备上没有该网站的通行密钥，请用其他方式登录。")
      #expect(AuthFailure.unsupported(.passkeys).message == "您的账号服务商不支持通行密钥。")
    }
  }

  @Test("an adapter that offers no passkeys answers .unsupported(.passkeys) to each operation")
  func unsupportedByDefault() async {
    let api = MinimalAPI()
    let bytes = Base64URLBytes([1])
    let registration = RegistrationResponseJSON(
      rawId: bytes,
      response: AuthenticatorAttestationResponseJSON(
        clientDataJSON: bytes, attestationObject: bytes))
    let assertion = AuthenticationResponseJSON(
      rawId: bytes,
      response: AuthenticatorAssertionResponseJSON(
        clientDataJSON: bytes, authenticatorData: bytes, signature: bytes))
    let calls: [@Sendable () async throws -> Void] = [
      { _ = try await api.passkeyRegistrationOptions(accessToken: "t") },
      {
        _ = try await api.finishPasskeyRegistration(
          flowID: "f", name: "n", credential: registration, accessToken: "t")
      },
      { _ = try await api.passkeyAuthenticationOptions() },
      { _ = try await api.finishPasskeySignIn(flowID: "f", credential: assertion) },
      { _ = try await api.passkeys(accessToken: "t") },
      { _ = try await api.renamePasskey(id: "i", name: "n", accessToken: "t") },
      { try await api.removePasskey(id: "i", accessToken: "t") },
    ]
    for call in calls {
      await #expect(throws: AuthFailure.unsupported(.passkeys)) { try await call() }
    }
  }
}
