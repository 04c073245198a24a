import Localization
import LoginLogicControl
import TestSupport
import Testing
import UserModel

extension UserType {
  fileprivate static let dispatcher = UserType("dispatcher")
}

extension AppFeature {
  /// An app's own feature whose title follows the language, read when it is shown.
  fileprivate static let dispatchBoard = AppFeature(
    "dispatchBoard", requirement: .onlyFor([.dispatcher]),
    title: { Texts.language == .simplifiedChinese ? "调度台" : "the dispatch board" })
}

/// The refusals, routes and session sentences of LoginLogicControl in 简体中文, for types the
/// app names in its tables and types it does not; English is asserted by the sequence tests.
@MainActor
@Suite("logic sentences in 简体中文")
struct LocalizedLogicTextTests {
  @Test("a refusal and the route home instead name the feature and the type in Chinese")
  func refusals() {
    Texts.$scopedLanguage.withValue(.simplifiedChinese) {
      #expect(
        FeatureAccess(to: .requestRide, signedInAs: .admin)
          == .notAvailable(message: "“admin”账号不能使用“叫车”。"))
      #expect(
        LoginRoute(signedIn: .admin, from: .guestFeature(.requestRide)).message
          == "“admin”账号不能使用“叫车”，已为您打开“admin”首页。")
      #expect(
        AppFeature.testedFeatures.map(\.title) == ["估算车费", "叫车", "我的行程", "个人资料"])
    }
  }

  @Test("a type the app names in its UserModel table is named so, singular and plural")
  func appNamedTypes() throws {
    let curator = UserType("curator")
    let tables = [
      "en": [
        "UserModel": #""userType.curator" = "keeper"; "userType.curator.plural" = "keepers";"#
      ],
      "zh-Hans": [
        "UserModel": #""userType.curator" = "馆员"; "userType.curator.plural" = "馆员";"#
      ],
    ]
    try AppTexts.with(tables) {
      Texts.$scopedLanguage.withValue(.english) {
        #expect(
          LoginRoute(signedIn: curator, from: .guestFeature(.requestRide)).message
            == "Requesting a ride is not available to keepers, so here is your keeper home.")
      }
      Texts.$scopedLanguage.withValue(.simplifiedChinese) {
        #expect(
          FeatureAccess(to: .requestRide, signedInAs: curator)
            == .notAvailable(message: "馆员账号不能使用“叫车”。"))
        #expect(
          LoginRoute(signedIn: curator, from: .guestFeature(.requestRide)).message
            == "馆员账号不能使用“叫车”，已为您打开馆员首页。")
      }
    }
  }

  @Test("a built-in feature's title is read in the language of the moment, not when made")
  func titleFollowsTheLanguage() {
    let feature = AppFeature.requestRide
    Texts.$scopedLanguage.withValue(.english) { #expect(feature.title == "requesting a ride") }
    Texts.$scopedLanguage.withValue(.simplifiedChinese) { #expect(feature.title == "叫车") }
  }

  @Test("an app's own type is named by its raw value; its own feature by its own title")
  func appVocabulary() {
    Texts.$scopedLanguage.withValue(.simplifiedChinese) {
      #expect(
        FeatureAccess(to: .requestRide, signedInAs: .dispatcher)
          == .notAvailable(message: "“dispatcher”账号不能使用“叫车”。"))
      #expect(
        LoginRoute(signedIn: .member, from: .guestFeature(.dispatchBoard)).message
          == "“member”账号不能使用“调度台”，已为您打开“member”首页。")
      #expect(
        LoginRoute(signedIn: .dispatcher, from: .guestFeature(.requestRide)).message
          == "“dispatcher”账号不能使用“叫车”，已为您打开“dispatcher”首页。")
    }
    Texts.$scopedLanguage.withValue(.english) {
      #expect(
        LoginRoute(signedIn: .dispatcher, from: .guestFeature(.requestRide)).message
          == "Requesting a ride is not available to dispatchers, so here is your dispatcher home.")
      #expect(
        FeatureAccess(to: .dispatchBoard, signedInAs: .admin)
          == .notAvailable(message: "The dispatch board is not available to admins."))
    }
  }

  @Test("features are equal by id and requirement, whatever their titles")
  func equality() {
    let renamed = AppFeature(
      "requestRide", title: "ordering a car", requirement: .onlyFor([.member]))
    #expect(renamed == .requestRide)
    #expect(Set([renamed, .requestRide]).count == 1)
    #expect(AppFeature("requestRide", title: "x", requirement: .accountNeeded) != .requestRide)
    #expect(AppFeature("rides", title: "your rides", requirement: .accountNeeded) != .myRides)
  }

  @Test("the launch and session sentences speak Chinese")
  func sessionSentences() {
    Texts.$scopedLanguage.withValue(.simplifiedChinese) {
      #expect(LaunchLogicControl.expiredMessage == "登录已过期，请重新登录。")
      #expect(SessionLogicControl.expiredMessage == "登录已过期，请重新登录。")
      #expect(
        LaunchLogicControl.offlineMessage == "当前处于离线状态，联网后应用会重新验证您的登录状态。")
      #expect(
        LaunchLogicControl.unreadableMessage == "无法读取已保存的登录信息，请重新登录。您的数据均未删除。")
      #expect(SessionLogicControl.revokedMessage == "您的登录已在其他地方结束，请重新登录。")
      #expect(
        SessionLogicControl.signedOutLocallyNotice
          == "已在本设备退出登录。由于无法连接服务器，服务器上的登录尚未结束。")
      #expect(
        SessionLogicControl.signedOutWithoutRevocationNotice
          == "已在本设备退出登录。账号服务器不支持远程结束登录，该登录会在到期后自动失效。")
    }
  }
}
