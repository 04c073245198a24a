import Foundation
import Localization
import RideModel
import TestSupport
import Testing

/// RideModel's sentences and vehicle names come from its tables, in English and 简体中文.
@Suite("RideModel texts in English and 简体中文")
struct LocalizedRideModelTests {
  @Test("every key exists in both languages, and every key is used by the module")
  func table() throws {
    #expect(
      try LocalizationAudit.problems(
        table: "RideModel", bundle: TextTable.rideModel.bundle, folder: "Modules/RideModel",
        helper: "TextTable.rideModel.text") == [])
  }

  @Test("errors and vehicle names speak the chosen language")
  func chinese() {
    Texts.$scopedLanguage.withValue(.simplifiedChinese) {
      #expect(RideModelError.negativeFareAmount.message == "车费不能小于零。")
      // Descriptions go to logs and stay English.
      let english = Texts.inEnglish { RideModelError.negativeFareAmount.message }
      #expect(RideModelError.negativeFareAmount.description == "negative_fare_amount: \(english)")
      #expect(!RideModelError.negativeFareAmount.description.contains("车费"))
      #expect(
        RideModelError.invalidTransition(from: .completed, to: .cancelled).errorDescription
          == "行程状态为“已完成”，无法变为“已取消”。")
      #expect(RideStatus.allCases.map(\.displayName) == ["等待接单", "司机已接单", "司机已到达", "行程中", "已完成", "已取消"])
      #expect(VehicleType.allCases.map(\.displayName) == ["沙袋鼠", "岩大袋鼠", "袋鼠"])
    }
  }

  @Test("the English texts are the development language's")
  func english() {
    Texts.$scopedLanguage.withValue(.english) {
      #expect(
        RideModelError.latitudeOutOfRange.errorDescription
          == "The latitude must be a number from -90 to 90.")
      #expect(
        RideModelError.invalidTransition(from: .inProgress, to: .requested).description
          == "invalid_transition: A ride that is in progress cannot become requested.")
      #expect(RideStatus.inProgress.displayName == "in progress")
      #expect(VehicleType.allCases.map(\.displayName) == ["Wallaby", "Wallaroo", "Kangaroo"])
    }
  }
}
