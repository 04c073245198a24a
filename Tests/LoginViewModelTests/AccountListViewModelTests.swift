import Foundation
import Localization
import LoginViewModel
import Testing
import UserModel

/// The account list's rows and buttons: every closure call in order, and read-backs from
/// inside a closure.
@MainActor
@Suite("AccountListViewModel")
struct AccountListViewModelTests {
  typealias Entry = AccountListViewModel.Entry
  typealias Row = AccountListViewModel.Row
  static let now = Date(timeIntervalSince1970: 1_800_000_000)
  static let ann = User(
    id: "u-ann", identifier: "ann@example.com", name: "Ann", type: .member)
  static let dan = User(id: "u-dan", identifier: "dan@example.com", name: " ", type: .admin)
  static let eve = User(id: "u-eve", identifier: "eve", name: nil, type: UserType("driver"))

  /// Ann active, Dan 2 hours ago, Eve 3 days ago.
  static let entries = [
    Entry(user: ann, lastActive: now, isActive: true),
    Entry(user: dan, lastActive: now - 7_200, isActive: false),
    Entry(user: eve, lastActive: now - 3 * 86_400 - 5, isActive: false),
  ]

  enum Event: Equatable {
    case rows([Row])
    case loading(Bool)
    case add(Bool)
    case signOut(Bool)
    case signOutAll(Bool)
  }

  final class Recorder {
    var events: [Event] = []
  }

  static func recording(_ model: AccountListViewModel) -> Recorder {
    let recorder = Recorder()
    model.onRowsChange = { recorder.events.append(.rows($0)) }
    model.onLoadingChange = { recorder.events.append(.loading($0)) }
    model.onAddAccountEnabledChange = { recorder.events.append(.add($0)) }
    model.onSignOutEnabledChange = { recorder.events.append(.signOut($0)) }
    model.onSignOutAllEnabledChange = { recorder.events.append(.signOutAll($0)) }
    return recorder
  }

  static func rows(loading: Bool) -> [Row] {
    [
      Row(
        id: "u-ann", title: "Ann", identifier: "ann@example.com", typeName: "member",
        isActive: true, lastActiveText: nil, isSwitchEnabled: false),
      Row(
        id: "u-dan", title: "dan@example.com", identifier: "dan@example.com", typeName: "admin",
        isActive: false, lastActiveText: "Last active 2 hours ago", isSwitchEnabled: !loading),
      Row(
        id: "u-eve", title: "eve", identifier: "eve", typeName: "driver", isActive: false,
        lastActiveText: "Last active 3 days ago", isSwitchEnabled: !loading),
    ]
  }

  @Test("an empty list: add account only; the accounts make rows and enable both sign-outs")
  func rowsAndButtons() {
    let model = AccountListViewModel(now: { Self.now })
    let recorder = Self.recording(model)
    #expect(model.rows.isEmpty && model.isAddAccountEnabled)
    #expect(!model.isSignOutEnabled && !model.isSignOutAllEnabled && !model.isLoading)
    model.accountsChanged(Self.entries)
    #expect(
      recorder.events == [.rows(Self.rows(loading: false)), .signOut(true), .signOutAll(true)])
    // The same list again tells nothing.
    model.accountsChanged(Self.entries)
    #expect(recorder.events.count == 3)
  }

  @Test("while busy, no switch and no button; afterwards all come back")
  func busy() {
    let model = AccountListViewModel(now: { Self.now })
    model.accountsChanged(Self.entries)
    let recorder = Self.recording(model)
    model.setLoading(true)
    #expect(
      recorder.events == [
        .loading(true), .rows(Self.rows(loading: true)), .add(false), .signOut(false),
        .signOutAll(false),
      ])
    recorder.events = []
    model.setLoading(false)
    #expect(
      recorder.events == [
        .loading(false), .rows(Self.rows(loading: false)), .add(true), .signOut(true),
        .signOutAll(true),
      ])
  }

  @Test("no active account: switching to any, sign out off, sign out of all on")
  func noneActive() {
    let model = AccountListViewModel(now: { Self.now })
    model.accountsChanged(
      [Entry(user: Self.dan, lastActive: nil, isActive: false)])
    #expect(model.rows.map(\.isSwitchEnabled) == [true])
    #expect(model.rows.map(\.lastActiveText) == [nil])
    #expect(!model.isSignOutEnabled && model.isSignOutAllEnabled)
  }

  @Test("a closure that reads the model back sees the whole event's outputs")
  func readBack() {
    let model = AccountListViewModel(now: { Self.now })
    var seen: [(Int, Bool)] = []
    model.onRowsChange = { _ in seen.append((model.rows.count, model.isSignOutAllEnabled)) }
    model.onSignOutAllEnabledChange = { _ in model.setLoading(model.rows.isEmpty) }
    model.accountsChanged(Self.entries)
    #expect(seen.count == 1)
    #expect(seen.first?.0 == 3 && seen.first?.1 == true)
  }

  @Test(
    "last active counts minutes, hours and days; a bad or future date reads as just now",
    arguments: [
      (0.0, "Last active just now"), (59, "Last active just now"),
      (60, "Last active 1 minute ago"), (3_599, "Last active 59 minutes ago"),
      (3_600, "Last active 1 hour ago"), (86_400, "Last active 1 day ago"),
      (-500, "Last active just now"), (1e300, "Last active 11,574,074 days ago"),
    ])
  func lastActive(_ ago: Double, _ text: String) {
    let model = AccountListViewModel(now: { Self.now })
    model.accountsChanged([Entry(user: Self.dan, lastActive: Self.now - ago, isActive: false)])
    #expect(model.rows.first?.lastActiveText == text)
  }

  @Test("titles, buttons and last active in 简体中文, from the tables")
  func chinese() {
    Texts.$scopedLanguage.withValue(.simplifiedChinese) {
      #expect(AccountListViewModel.title == "切换账号")
      #expect(AccountListViewModel.addAccountTitle == "添加账号")
      #expect(AccountListViewModel.signOutTitle == "退出登录")
      #expect(AccountListViewModel.signOutAllTitle == "退出所有账号")
      #expect(AccountListViewModel.switchTitle == "切换")
      #expect(AccountListViewModel.activeMarker == "当前账号")
      let model = AccountListViewModel(now: { Self.now })
      model.accountsChanged(Self.entries)
      #expect(model.rows.map(\.lastActiveText) == [nil, "2 小时前使用过", "3 天前使用过"])
    }
    #expect(AccountListViewModel.title == "Switch account")
    #expect(AccountListViewModel.signOutAllTitle == "Sign out of all accounts")
    let english = TextTable.loginViewModel.table(in: .english)
    let chinese = TextTable.loginViewModel.table(in: .simplifiedChinese)
    #expect(Set(english.keys) == Set(chinese.keys))
  }
}
