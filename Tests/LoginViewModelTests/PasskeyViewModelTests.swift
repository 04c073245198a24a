import Foundation
import Localization
import LoginViewModel
import TestSupport
import Testing

/// The passkey sign-in button and the passkeys list: every closure call in order, read-backs
/// from inside a closure, and the texts in both languages.
@MainActor
@Suite("Passkey view models")
struct PasskeyViewModelTests {
  typealias Entry = PasskeyListViewModel.Entry
  typealias Row = PasskeyListViewModel.Row
  static let now = Date(timeIntervalSince1970: 1_800_000_000)
  static let entries = [
    Entry(
      id: "cred-laptop", name: "Ann's laptop", createdAt: now - 3 * 86_400, lastUsedAt: now - 120),
    Entry(id: "cred-phone", name: "Phone", createdAt: now - 7_200, lastUsedAt: nil),
  ]

  static func rows(busy: Bool) -> [Row] {
    [
      Row(
        id: "cred-laptop", name: "Ann's laptop", createdText: "Created 3 days ago",
        lastUsedText: "Last used 2 minutes ago", isRenameEnabled: !busy, isRemoveEnabled: !busy),
      Row(
        id: "cred-phone", name: "Phone", createdText: "Created 2 hours ago",
        lastUsedText: "Never used", isRenameEnabled: !busy, isRemoveEnabled: !busy),
    ]
  }

  final class Recorder {
    var events: [String] = []
    func take() -> [String] {
      defer { events = [] }
      return events
    }
  }

  static func recording(_ model: PasskeySignInViewModel) -> Recorder {
    let recorder = Recorder()
    model.onStatusTextChange = { recorder.events.append("status \($0 ?? "nil")") }
    model.onErrorTextChange = { recorder.events.append("error \($0 ?? "nil")") }
    model.onSignInEnabledChange = { recorder.events.append("enabled \($0)") }
    model.onBusyChange = { recorder.events.append("busy \($0)") }
    return recorder
  }

  static func recording(_ model: PasskeyListViewModel) -> Recorder {
    let recorder = Recorder()
    model.onBusyChange = { recorder.events.append("busy \($0)") }
    model.onMessageChange = { recorder.events.append("message \($0 ?? "nil")") }
    model.onRowsChange = { recorder.events.append("rows \($0.map(\.name))") }
    model.onAddEnabledChange = { recorder.events.append("add \($0)") }
    return recorder
  }

  @Test("sign-in: started, waiting, failed, again, cancelled: each output told on change only")
  func signInSequence() {
    let model = PasskeySignInViewModel()
    let recorder = Self.recording(model)
    #expect(model.isSignInEnabled && !model.isBusy && model.statusText == nil)
    // Not busy: nothing is waiting for an authenticator.
    model.waitingForAuthenticator()
    #expect(recorder.take() == [])
    model.started()
    #expect(recorder.take() == ["enabled false", "busy true"])
    model.waitingForAuthenticator()
    #expect(recorder.take() == ["status Use your passkey when your device asks."])
    model.failed("This device has no passkey for this site.")
    #expect(
      recorder.take() == [
        "status nil", "error This device has no passkey for this site.", "enabled true",
        "busy false",
      ])
    model.started()
    #expect(recorder.take() == ["error nil", "enabled false", "busy true"])
    model.cancelled()
    #expect(recorder.take() == ["enabled true", "busy false"])
    model.started()
    model.signedIn()
    #expect(recorder.take() == ["enabled false", "busy true", "enabled true", "busy false"])
  }

  @Test("sign-in: every closure reads every output back while every input is driven")
  func signInReadBack() {
    let model = PasskeySignInViewModel()
    let probe = ReadBackProbe { [unowned model] in
      [
        "isSignInEnabled": "\(model.isSignInEnabled)", "isBusy": "\(model.isBusy)",
        "statusText": "\(model.statusText as Any)", "errorText": "\(model.errorText as Any)",
      ]
    }
    model.onSignInEnabledChange = { probe.heard("isSignInEnabled", $0) }
    model.onBusyChange = { probe.heard("isBusy", $0) }
    model.onStatusTextChange = { probe.heard("statusText", $0 as Any) }
    model.onErrorTextChange = { probe.heard("errorText", $0 as Any) }
    probe.drive("started") { model.started() }
    probe.drive("waiting") { model.waitingForAuthenticator() }
    probe.drive("failed") { model.failed("No.") }
    probe.drive("again") { model.started() }
    probe.drive("cancelled") { model.cancelled() }
    #expect(probe.problems == [])
    #expect(probe.told == ["isSignInEnabled", "isBusy", "statusText", "errorText"])
  }

  @Test("list: rows with created and last used; busy turns every button off and back")
  func listSequence() {
    let model = PasskeyListViewModel(now: { Self.now })
    let recorder = Self.recording(model)
    #expect(model.rows.isEmpty && model.isAddEnabled && !model.isBusy && model.message == nil)
    model.started()
    #expect(recorder.take() == ["busy true", "add false"])
    model.passkeysChanged(Self.entries)
    #expect(recorder.take() == ["busy false", "rows [\"Ann\\'s laptop\", \"Phone\"]", "add true"])
    #expect(model.rows == Self.rows(busy: false))
    model.started()
    #expect(recorder.take() == ["busy true", "rows [\"Ann\\'s laptop\", \"Phone\"]", "add false"])
    #expect(model.rows == Self.rows(busy: true))
    model.failed("That passkey was not found; it may have been removed.")
    #expect(
      recorder.take() == [
        "busy false", "message That passkey was not found; it may have been removed.",
        "rows [\"Ann\\'s laptop\", \"Phone\"]", "add true",
      ])
    // The list read after the failure keeps its sentence; the next request clears it.
    model.passkeysChanged(Array(Self.entries.prefix(1)))
    #expect(recorder.take() == ["rows [\"Ann\\'s laptop\"]"])
    model.started()
    #expect(
      recorder.take() == ["busy true", "message nil", "rows [\"Ann\\'s laptop\"]", "add false"])
  }

  @Test("list: every closure reads every output back while every input is driven")
  func listReadBack() {
    let model = PasskeyListViewModel(now: { Self.now })
    let probe = ReadBackProbe { [unowned model] in
      [
        "rows": "\(model.rows)", "isBusy": "\(model.isBusy)",
        "isAddEnabled": "\(model.isAddEnabled)", "message": "\(model.message as Any)",
      ]
    }
    model.onRowsChange = { probe.heard("rows", $0) }
    model.onBusyChange = { probe.heard("isBusy", $0) }
    model.onAddEnabledChange = { probe.heard("isAddEnabled", $0) }
    model.onMessageChange = { probe.heard("message", $0 as Any) }
    probe.drive("started") { model.started() }
    probe.drive("loaded") { model.passkeysChanged(Self.entries) }
    probe.drive("again") { model.started() }
    probe.drive("failed") { model.failed("No.") }
    #expect(probe.problems == [])
    #expect(probe.told == ["rows", "isBusy", "isAddEnabled", "message"])
  }

  nonisolated static let elapsedCases: [(Double, String, String)] = [
    (0, "Created just now", "Last used just now"),
    (60, "Created 1 minute ago", "Last used 1 minute ago"),
    (7_199, "Created 1 hour ago", "Last used 1 hour ago"),
    (86_400 * 2, "Created 2 days ago", "Last used 2 days ago"),
    (-500, "Created just now", "Last used just now"),
  ]

  @Test(
    "created and last used count minutes, hours and days; a bad or future date reads as now",
    arguments: elapsedCases)
  func elapsed(_ ago: Double, _ created: String, _ used: String) {
    let model = PasskeyListViewModel(now: { Self.now })
    model.passkeysChanged([
      Entry(id: "c", name: "Key", createdAt: Self.now - ago, lastUsedAt: Self.now - ago)
    ])
    #expect(model.rows.first?.createdText == created)
    #expect(model.rows.first?.lastUsedText == used)
  }

  @Test("titles, buttons and row texts in 简体中文, from the tables")
  func chinese() {
    Texts.$scopedLanguage.withValue(.simplifiedChinese) {
      #expect(PasskeySignInViewModel.buttonTitle == "使用通行密钥登录")
      #expect(PasskeyListViewModel.title == "通行密钥")
      #expect(PasskeyListViewModel.addTitle == "添加通行密钥")
      #expect(PasskeyListViewModel.renameTitle == "重命名")
      #expect(PasskeyListViewModel.removeTitle == "移除")
      #expect(PasskeyListViewModel.emptyText == "还没有通行密钥。")
      let model = PasskeyListViewModel(now: { Self.now })
      model.passkeysChanged(Self.entries)
      #expect(model.rows.map(\.createdText) == ["3 天前创建", "2 小时前创建"])
      #expect(model.rows.map(\.lastUsedText) == ["2 分钟前使用过", "从未使用"])
      let signIn = PasskeySignInViewModel()
      signIn.started()
      signIn.waitingForAuthenticator()
      #expect(signIn.statusText == "请在设备提示时使用通行密钥。")
    }
    #expect(PasskeySignInViewModel.buttonTitle == "Sign in with a passkey")
    #expect(PasskeyListViewModel.title == "Passkeys")
    #expect(PasskeyListViewModel.addTitle == "Add passkey")
    #expect(PasskeyListViewModel.renameTitle == "Rename")
    #expect(PasskeyListViewModel.removeTitle == "Remove")
    let english = TextTable.loginViewModel.table(in: .english)
    let chinese = TextTable.loginViewModel.table(in: .simplifiedChinese)
    #expect(Set(english.keys) == Set(chinese.keys))
  }
}
