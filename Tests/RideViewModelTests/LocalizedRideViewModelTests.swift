import Foundation
import Localization
import RideModel
import RideViewModel
import TestSupport
import Testing

/// The ride view models' texts come from RideViewModel's table (and vehicle names from
/// RideModel's), in English and 简体中文.
@MainActor
@Suite("ride view-model texts in English and 简体中文")
struct LocalizedRideViewModelTests {
  @Test("every key exists in both languages, and every key is used by the module")
  func table() throws {
    #expect(
      try LocalizationAudit.problems(
        table: "RideViewModel", bundle: TextTable.rideViewModel.bundle,
        folder: "Modules/RideViewModel", helper: "TextTable.rideViewModel.text") == [])
  }

  @Test("the passenger's ride in Chinese: each status, and the reconnecting notice")
  func rideStatus() throws {
    let model = RideStatusViewModel()
    let log = EventLog<String?>()
    model.onStatusTextChange = { log.record($0) }
    model.onConnectionTextChange = { log.record($0) }
    try Texts.$scopedLanguage.withValue(.simplifiedChinese) {
      for status in [RideStatus.requested, .accepted, .arrived, .inProgress, .completed] {
        model.rideChanged(try Samples.ride(status))
      }
      model.setReconnecting(true)
      model.rideChanged(try Samples.ride(.cancelled))
    }
    #expect(
      log.take() == [
        "正在为您寻找司机……", "司机正在赶来", "司机已到达", "正在前往 Sydney Airport",
        "行程已完成 · A$18.40", "无法连接 Koober，正在重新连接……", "行程已取消",
      ])
  }

  @Test("the vehicle options and the driver's texts in Chinese")
  func requestAndDriver() throws {
    try Texts.$scopedLanguage.withValue(.simplifiedChinese) {
      let request = RequestRideViewModel()
      request.estimatesChanged(try Samples.threeEstimates)
      #expect(
        request.vehicleOptionLines == [
          "沙袋鼠 — A$18.40 · 4 分钟", "岩大袋鼠 — A$23.90 · 6 分钟", "袋鼠 — A$31.05 · 11 分钟",
        ])
      let ride = try Samples.ride(.arrived)
      #expect(DriverQueueViewModel.currentRideText(for: ride) == "正在 Sydney Opera House 等候乘客")
      #expect(
        DriverQueueViewModel.currentRideText(for: try Samples.ride(.cancelled)) == "乘客已取消行程")
      #expect(
        [RideStatus.accepted, .arrived, .inProgress].map(DriverQueueViewModel.advanceTitle(for:))
          == ["已到达", "开始行程", "完成行程"])
      let queue = DriverQueueViewModel()
      queue.queueChanged([try Samples.ride(.requested)])
      #expect(queue.queueText == ["1. Sydney Opera House → Sydney Airport · 沙袋鼠 · A$18.40"])
    }
  }

  @Test("the English texts are the ones the sequence tests assert")
  func english() throws {
    let onTheWay = try Samples.ride(.inProgress)
    let completed = try Samples.ride(.completed)
    Texts.$scopedLanguage.withValue(.english) {
      #expect(RideStatusViewModel.statusText(for: onTheWay) == "On the way to Sydney Airport")
      #expect(DriverQueueViewModel.currentRideText(for: completed) == "Ride completed · A$18.40")
    }
  }
}
