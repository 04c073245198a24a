import Localization
import RideLogicControl
import RideModel
import ServiceRide
import TestSupport
import Testing

/// RideLogicControl's sentences come from its table, in English and 简体中文.
@Suite("RideLogicControl texts in English and 简体中文")
struct LocalizedRideLogicTests {
  @Test("every key exists in both languages, and every key is used by the module")
  func table() throws {
    #expect(
      try LocalizationAudit.problems(
        table: "RideLogicControl", bundle: TextTable.rideLogicControl.bundle,
        folder: "Modules/RideLogicControl", helper: "TextTable.rideLogicControl.text") == [])
  }

  @Test("flow errors speak the chosen language, one sentence per status")
  func chinese() {
    Texts.$scopedLanguage.withValue(.simplifiedChinese) {
      #expect(RideLogicError.noDestination.message == "请先选择目的地。")
      #expect(RideLogicError.vehicleNotOffered(.kangaroo).message == "本次行程不提供袋鼠车型。")
      #expect(
        RideLogicError.cannotCancel(.arrived).errorDescription == "行程已无法取消：司机已到达上车点。")
      #expect(RideLogicError.rideIsOver(.completed).message == "行程已完成。")
      #expect(RideLogicError.service(.notFound).message == "在此账号下未找到该行程。")
    }
  }

  @Test("the English sentences name the status in words")
  func english() {
    Texts.$scopedLanguage.withValue(.english) {
      #expect(
        RideLogicError.vehicleNotOffered(.wallaroo).message
          == "Wallaroo is not offered for this trip.")
      #expect(
        RideLogicError.cannotCancel(.inProgress).errorDescription
          == "The ride can no longer be cancelled: it is in progress.")
      #expect(
        RideLogicError.rideIsOver(.requested).message
          == "The ride is waiting for a driver already.")
      #expect(RideLogicError.noActiveRide.message == "There is no ride in progress.")
    }
  }
}
