import Foundation
import Localization
import ServiceUserOIDC
import TestSupport
import Testing

/// OIDCConfigurationError's sentences come from ServiceUserOIDC's table, in English and
/// 简体中文; its `description` is for logs and stays English.
@Suite("ServiceUserOIDC's texts in English and 简体中文")
struct LocalizedConfigurationErrorTests {
  @Test("every key exists in both languages, and every key is used by ServiceUserOIDC")
  func table() throws {
    #expect(
      try LocalizationAudit.problems(
        table: "ServiceUserOIDC", bundle: TextTable.serviceUserOIDC.bundle,
        folder: "Modules/ServiceUserOIDC", helper: "TextTable.serviceUserOIDC.text") == [])
  }

  @Test("a configuration mistake reads as before in English and speaks Chinese")
  func languages() throws {
    let issuer = try #require(URL(string: "http://id.example.com/o"))
    let insecure = #expect(throws: OIDCConfigurationError.self) {
      try OIDCConfiguration(issuer: issuer, clientID: "app", defaultUserType: .passenger)
    }
    let unusable = OIDCConfigurationError.invalidURL(
      role: "revocation endpoint", reason: "it needs an https scheme and a host")
    Texts.$scopedLanguage.withValue(.english) {
      #expect(
        insecure?.message
          == "The issuer URL uses plain http to id.example.com: use https (plain http is "
          + "allowed only to 127.0.0.1, ::1 or localhost).")
      #expect(
        unusable.errorDescription
          == "The revocation endpoint URL is not usable: it needs an https scheme and a host.")
    }
    Texts.$scopedLanguage.withValue(.simplifiedChinese) {
      #expect(
        insecure?.message
          == "签发方（issuer）网址以明文 http 连接 id.example.com，"
          + "请改用 https（仅 127.0.0.1、::1 和 localhost 允许使用明文 http）。")
      #expect(unusable.errorDescription == "撤销端点网址无法使用：需要 https 协议和主机名。")
      #expect(
        OIDCConfigurationError.emptyClientID.message
          == "客户端 ID 为空，请填写在服务商处注册的客户端 ID。")
      #expect(
        OIDCConfigurationError.emptyClientID.description
          == "empty_client_id: The client ID is empty: give the one registered at the provider.")
    }
  }
}
