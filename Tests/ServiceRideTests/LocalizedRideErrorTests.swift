import Foundation
import Localization
import NetworkClient
import RideModel
import ServiceRide
import TestSupport
import Testing

/// ServiceRide's sentences come from its tables, in English and 简体中文.
@Suite("ServiceRide texts in English and 简体中文")
struct LocalizedRideErrorTests {
  @Test("every key exists in both languages, and every key is used by the module")
  func table() throws {
    #expect(
      try LocalizationAudit.problems(
        table: "ServiceRide", bundle: TextTable.serviceRide.bundle, folder: "Modules/ServiceRide",
        helper: "TextTable.serviceRide.text") == [])
  }

  @Test("errors speak the chosen language, with and without a detail")
  func chinese() {
    Texts.$scopedLanguage.withValue(.simplifiedChinese) {
      #expect(RideError.alreadyAccepted.message == "该行程已被其他司机抢先接单。")
      // Descriptions go to logs and stay English.
      #expect(
        RideError.alreadyAccepted.description
          == "already_accepted: \(Texts.inEnglish { RideError.alreadyAccepted.message })")
      #expect(!RideError.alreadyAccepted.description.contains("司机"))
      #expect(
        RideError.serverUnavailable(status: 503).errorDescription
          == "服务器出现问题（HTTP 503），请稍后再试。")
      #expect(
        RideError.invalidQuery("请输入地点名称的一部分。").message
          == "无法搜索：请输入地点名称的一部分。")
      #expect(
        RideError.invalidTransition("The ride is completed.").message
          == "行程当前无法进行这一步：the ride is completed。")
      #expect(RideError.invalidLocation(" ").message == "地点无效。")
      #expect(DriverStep.allCases.map(\.displayName) == ["接单", "已到达上车点", "开始行程", "完成行程"])
    }
  }

  @Test("a search refused on the device says why in the chosen language")
  func refusedSearch() async throws {
    let here = try Location(latitude: -33.8611, longitude: 151.2112, address: "Circular Quay")
    let locations = KooberLocationService(
      provider: FixedLocationProvider(location: here),
      network: NetworkClient(baseURL: try #require(URL(string: "http://127.0.0.1:9"))))
    let long = String(repeating: "a", count: 201)
    await Texts.$scopedLanguage.withValue(.simplifiedChinese) {
      await #expect(throws: RideError.invalidQuery("请输入地点名称的一部分。")) {
        try await locations.search(" ")
      }
      await #expect(throws: RideError.invalidQuery("搜索内容最多 200 个字符。")) {
        try await locations.search(long)
      }
    }
    await Texts.$scopedLanguage.withValue(.english) {
      await #expect(throws: RideError.invalidQuery("Search with at most 200 characters.")) {
        try await locations.search(long)
      }
    }
  }

  @Test("in Chinese a server's English explanation is left out; its code stays")
  func serverWordsInChinese() {
    func http(_ status: Int, _ code: String) -> NetworkError {
      .http(
        status: status,
        body: Data(#"{"error": {"code": "\#(code)", "message": "the ride is completed"}}"#.utf8))
    }
    Texts.$scopedLanguage.withValue(.simplifiedChinese) {
      let transition = RideError(http(409, "invalid_transition"))
      #expect(transition == .invalidTransition(""))
      #expect(transition.message == "行程当前无法进行这一步。")
      #expect(RideError(http(422, "invalid_location")) == .invalidLocation(""))
      #expect(RideError(http(400, "malformed_query")) == .invalidQuery(""))
      let teapot = RideError(http(418, "teapot"))
      #expect(teapot == .serverTrouble("HTTP 418 teapot"))
      #expect(teapot.message == "服务器返回了无法识别的内容：HTTP 418 teapot。")
    }
    Texts.$scopedLanguage.withValue(.english) {
      #expect(
        RideError(http(409, "invalid_transition")).message
          == "The ride cannot make this step now: the ride is completed.")
    }
  }

  @Test("the English sentences keep their detail after a colon")
  func english() {
    Texts.$scopedLanguage.withValue(.english) {
      #expect(
        RideError.invalidTransition("The ride is completed.").errorDescription
          == "The ride cannot make this step now: the ride is completed.")
      #expect(
        RideError.serverTrouble("HTTP 418 teapot: Server says so.").message
          == "The server answered something unexpected: HTTP 418 teapot: Server says so.")
      #expect(RideError.locationUnavailable("").message == "Your location is not available.")
      #expect(
        RideError.serverUnavailable(status: 502).description
          == "server_unavailable: The server is having trouble (HTTP 502); try again in a moment.")
      #expect(DriverStep.start.displayName == "Start the ride")
    }
  }
}
