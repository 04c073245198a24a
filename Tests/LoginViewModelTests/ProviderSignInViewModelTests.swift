import Localization
import LoginViewModel
import Testing

/// One closure call of a provider sign-in screen.
enum ProviderViewEvent: Equatable {
  case startEnabled(Bool)
  case cancelEnabled(Bool)
  case status(String?)
  case error(String?)
  case code(String?)
  case address(String?)
  case countdown(String?)
}

@MainActor
final class ProviderViewEventLog {
  private(set) var events: [ProviderViewEvent] = []

  func take() -> [ProviderViewEvent] {
    defer { events = [] }
    return events
  }

  static func recording(_ model: ProviderSignInViewModel) -> ProviderViewEventLog {
    let log = ProviderViewEventLog()
    model.onStartEnabledChange = { log.events.append(.startEnabled($0)) }
    model.onCancelEnabledChange = { log.events.append(.cancelEnabled($0)) }
    model.onStatusTextChange = { log.events.append(.status($0)) }
    model.onErrorTextChange = { log.events.append(.error($0)) }
    if let device = model as? DeviceSignInViewModel {
      device.onCodeTextChange = { log.events.append(.code($0)) }
      device.onAddressTextChange = { log.events.append(.address($0)) }
      device.onCountdownTextChange = { log.events.append(.countdown($0)) }
    }
    return log
  }
}

@MainActor
@Suite("Browser and device sign-in screens")
struct ProviderSignInViewModelTests {
  @Test("browser: loading, then waiting for the browser, then a failure with its sentence")
  func browser() {
    let screen = BrowserSignInViewModel()
    let log = ProviderViewEventLog.recording(screen)
    #expect(screen.isStartEnabled && !screen.isCancelEnabled)
    screen.waitingForBrowser()
    #expect(log.take() == [], "nothing in flight: no waiting text")
    screen.started()
    #expect(
      log.take() == [
        .status("Opening the sign-in page…"), .startEnabled(false), .cancelEnabled(true),
      ])
    screen.waitingForBrowser()
    #expect(log.take() == [.status("Finish signing in in your browser.")])
    screen.failed("You did not allow the sign-in at the provider.")
    #expect(
      log.take() == [
        .status(nil), .error("You did not allow the sign-in at the provider."),
        .startEnabled(true), .cancelEnabled(false),
      ])
    screen.started()
    #expect(log.take().contains(.error(nil)))
    screen.cancelled()
    #expect(screen.errorText == nil && screen.isStartEnabled)
  }

  @Test("device: the code, the address, instructions and a countdown; expired at zero")
  func device() {
    let screen = DeviceSignInViewModel()
    let log = ProviderViewEventLog.recording(screen)
    screen.started()
    #expect(
      log.take() == [.status("Getting a code…"), .startEnabled(false), .cancelEnabled(true)])
    screen.show(userCode: "WDJB-MJHT", address: "https://id.example/device", secondsLeft: 300)
    #expect(
      log.take() == [
        .code("WDJB-MJHT"), .address("https://id.example/device"),
        .status("On another device, open https://id.example/device and enter this code."),
        .countdown("Expires in 5:00"),
      ])
    screen.remainingSecondsChanged(299)
    screen.remainingSecondsChanged(299)
    #expect(log.take() == [.countdown("Expires in 4:59")])
    screen.remainingSecondsChanged(0)
    #expect(log.take() == [.countdown("The code has expired.")])
    screen.failed("The sign-in was not finished in time; start it again.")
    #expect(
      log.take() == [
        .code(nil), .address(nil), .countdown(nil), .status(nil),
        .error("The sign-in was not finished in time; start it again."), .startEnabled(true),
        .cancelEnabled(false),
      ])
  }

  @Test("the texts come in Chinese when the app's language is Chinese")
  func chinese() {
    Texts.$scopedLanguage.withValue(.simplifiedChinese) {
      let screen = DeviceSignInViewModel()
      screen.started()
      #expect(screen.statusText == "正在获取登录码…")
      screen.show(userCode: "ABCD", address: "https://e.example/d", secondsLeft: 61)
      #expect(screen.countdownText == "1:01 后过期")
      let browser = BrowserSignInViewModel()
      browser.started()
      browser.waitingForBrowser()
      #expect(browser.statusText == "请在浏览器中完成登录。")
    }
  }
}
