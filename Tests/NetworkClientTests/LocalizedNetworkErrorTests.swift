import Foundation
import Localization
import NetworkClient
import TestSupport
import Testing

/// NetworkError's sentences come from NetworkClient's table, in English and 简体中文; its
/// `description` is for logs and stays English.
@Suite("NetworkClient's texts in English and 简体中文")
struct LocalizedNetworkErrorTests {
  @Test("every key exists in both languages, and every key is used by NetworkClient")
  func table() throws {
    #expect(
      try LocalizationAudit.problems(
        table: "NetworkClient", bundle: TextTable.networkClient.bundle,
        folder: "Modules/NetworkClient", helper: "TextTable.networkClient.text") == [])
  }

  @Test("the errors read as before in English")
  func english() {
    Texts.$scopedLanguage.withValue(.english) {
      let noServer = { (status: Int) in
        NetworkError.http(status: status, body: Data())
      }
      #expect(
        noServer(404).message == "The server answered with HTTP 404: nothing was found there.")
      #expect(
        noServer(504).message
          == "The server answered with HTTP 504: the server timed out; try again.")
      #expect(
        noServer(302).message == "The server answered with HTTP 302: the request did not succeed.")
      #expect(
        NetworkError.decoding(path: "rides[3].status", detail: "no value").message
          == "The server's answer did not have the expected shape at 'rides[3].status': no value")
      #expect(
        NetworkError.encoding(path: "", detail: "NaN").message
          == "The request could not be encoded: NaN")
      #expect(
        NetworkError.transport(.other(code: -1)).errorDescription
          == "The request failed before reaching the server (URL error -1).")
    }
  }

  @Test("the errors speak Chinese; descriptions stay English; a server's body is not read")
  func chinese() {
    Texts.$scopedLanguage.withValue(.simplifiedChinese) {
      #expect(NetworkError.timeout.message == "服务器响应超时。")
      #expect(
        NetworkError.transport(.offline).errorDescription == "您似乎已离线，请检查网络连接后重试。")
      #expect(
        NetworkError.http(status: 503, body: Data()).message
          == "服务器返回 HTTP 503：服务暂时不可用，请稍后再试。")
      #expect(
        NetworkError.insecureURL(host: "api.example.com").message
          == "已拒绝通过未加密的 http:// 向 api.example.com 发送请求，请改用 https://。")
      #expect(
        NetworkError.decoding(path: "id", detail: "no value").message
          == "服务器返回的内容格式不符（位置“id”）：no value")
      #expect(
        NetworkError.cancelled.description
          == "NetworkError.cancelled: The request was cancelled.")
      let body = Data(#"{"error": {"code": "email_taken", "message": "Email taken."}}"#.utf8)
      #expect(
        NetworkError.http(status: 409, body: body).message
          == "服务器返回 HTTP 409：与当前状态冲突。")
    }
  }
}
