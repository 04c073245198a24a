import Foundation
import Localization
import UserModel
import WireFormat

/// The account list's view state ("Switch account"): a row per account signed in on this
/// device, the active one marked, and the state of the list's buttons. Input events in,
/// closures out; no business logic (the accounts control switches and signs out).
///
/// Each closure fires only when its value changes; read the matching property for the
/// initial state. Within one event, closures fire in this order: loading, rows, add account,
/// sign out, sign out of all. They run once every output of the event is stored, so a closure
/// may read the model back.
///
/// ```swift
/// let list = AccountListViewModel()
/// list.onRowsChange = { table.reload($0) }
/// list.onSignOutAllEnabledChange = { signOutAllButton.isEnabled = $0 }
/// // from the accounts control's delegate:
/// list.accountsChanged(accounts.map {
///   .init(user: $0.user, lastActive: $0.lastActive, isActive: $0.isActive)
/// })
/// ```
@MainActor
public final class AccountListViewModel {
  /// One account as the host hands it in, from the service's `accounts()`.
  public struct Entry: Sendable, Hashable {
    /// The account's user.
    public var user: User
    /// When it was last the active account, when known.
    public var lastActive: Date?
    /// Whether it is the active account.
    public var isActive: Bool

    /// Makes an entry.
    /// - Parameters:
    ///   - user: The account's user.
    ///   - lastActive: When it was last active, or `nil` when unknown.
    ///   - isActive: Whether it is the active account.
    public init(user: User, lastActive: Date?, isActive: Bool) {
      self.user = user
      self.lastActive = lastActive
      self.isActive = isActive
    }
  }

  /// One row as the list draws it.
  public struct Row: Sendable, Hashable, Identifiable {
    /// The account's user id, to find the account a tapped row stands for.
    public var id: String
    /// The person's display name, or the identifier when the account has none.
    public var title: String
    /// What the person signs in with.
    public var identifier: String
    /// The user type's shown name (`UserType.displayName`).
    public var typeName: String
    /// Whether it is the active account (show ``AccountListViewModel/activeMarker``).
    public var isActive: Bool
    /// When an inactive account was last active, e.g. `Last active 5 minutes ago`; `nil`
    /// for the active one and when unknown.
    public var lastActiveText: String?
    /// Whether its "Switch" button can be tapped: an inactive account, nothing in flight.
    public var isSwitchEnabled: Bool

    /// Makes a row, e.g. for a preview; the model makes its own from the entries.
    /// - Parameters:
    ///   - id: The user id.
    ///   - title: The display name or the identifier.
    ///   - identifier: What the person signs in with.
    ///   - typeName: The type's shown name.
    ///   - isActive: Whether it is the active account.
    ///   - lastActiveText: "Last active …", or `nil`.
    ///   - isSwitchEnabled: Whether "Switch" can be tapped.
    public init(
      id: String, title: String, identifier: String, typeName: String, isActive: Bool,
      lastActiveText: String?, isSwitchEnabled: Bool
    ) {
      self.id = id
      self.title = title
      self.identifier = identifier
      self.typeName = typeName
      self.isActive = isActive
      self.lastActiveText = lastActiveText
      self.isSwitchEnabled = isSwitchEnabled
    }
  }

  /// The list's title: "Switch account".
  public nonisolated static var title: String {
    TextTable.loginViewModel.text("accounts.title")
  }
  /// A row's switch button: "Switch".
  public nonisolated static var switchTitle: String {
    TextTable.loginViewModel.text("accounts.switch")
  }
  /// The marker of the active row: "Current account".
  public nonisolated static var activeMarker: String {
    TextTable.loginViewModel.text("accounts.active")
  }
  /// The button that adds an account: "Add account".
  public nonisolated static var addAccountTitle: String {
    TextTable.loginViewModel.text("accounts.add")
  }
  /// The button that signs the active account out: "Sign out".
  public nonisolated static var signOutTitle: String {
    TextTable.loginViewModel.text("accounts.signOut")
  }
  /// The button that signs every account out: "Sign out of all accounts".
  public nonisolated static var signOutAllTitle: String {
    TextTable.loginViewModel.text("accounts.signOutAll")
  }

  /// Called with the new rows.
  public var onRowsChange: (([Row]) -> Void)?
  /// Called when a request starts or ends, to show or hide progress.
  public var onLoadingChange: ((Bool) -> Void)?
  /// Called with the new enabled state of "Add account".
  public var onAddAccountEnabledChange: ((Bool) -> Void)?
  /// Called with the new enabled state of "Sign out".
  public var onSignOutEnabledChange: ((Bool) -> Void)?
  /// Called with the new enabled state of "Sign out of all accounts".
  public var onSignOutAllEnabledChange: ((Bool) -> Void)?

  /// The rows, in the order the service lists the accounts (most recently active first).
  public private(set) var rows: [Row] = []
  /// Whether a request is in flight (set by the host from the logic layer).
  public private(set) var isLoading = false
  /// Whether "Add account" can be tapped: nothing in flight.
  public private(set) var isAddAccountEnabled = true
  /// Whether "Sign out" can be tapped: an account is active, nothing in flight.
  public private(set) var isSignOutEnabled = false
  /// Whether "Sign out of all accounts" can be tapped: an account is kept, nothing in flight.
  public private(set) var isSignOutAllEnabled = false

  private var entries: [Entry] = []
  private let now: () -> Date
  private let changes = ChangeQueue()

  /// Makes an empty list.
  /// - Parameter now: The current date, which "last active" counts from; `Date.init` by
  ///   default.
  public init(now: @escaping () -> Date = Date.init) {
    self.now = now
  }

  /// The accounts were read (or changed).
  /// - Parameter entries: The accounts, most recently active first.
  public func accountsChanged(_ entries: [Entry]) {
    self.entries = entries
    refresh()
  }

  /// Shows or hides progress; while loading, every button is disabled.
  /// - Parameter isLoading: Whether a request is in flight.
  public func setLoading(_ isLoading: Bool) {
    changes.set(\.isLoading, of: self, to: isLoading, tell: \.onLoadingChange)
    refresh()
  }

  private func refresh() {
    let date = now()
    let rows = entries.map { row(for: $0, at: date) }
    changes.set(\.rows, of: self, to: rows, tell: \.onRowsChange)
    changes.set(
      \.isAddAccountEnabled, of: self, to: !isLoading, tell: \.onAddAccountEnabledChange)
    changes.set(
      \.isSignOutEnabled, of: self, to: !isLoading && entries.contains(where: \.isActive),
      tell: \.onSignOutEnabledChange)
    changes.set(
      \.isSignOutAllEnabled, of: self, to: !isLoading && !entries.isEmpty,
      tell: \.onSignOutAllEnabledChange)
    changes.tell()
  }

  private func row(for entry: Entry, at date: Date) -> Row {
    let user = entry.user
    let name = user.name?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
    return Row(
      id: user.id, title: name.isEmpty ? user.identifier : name, identifier: user.identifier,
      typeName: user.type.displayName, isActive: entry.isActive,
      lastActiveText: entry.isActive
        ? nil : entry.lastActive.map { Self.lastActiveText($0, now: date) },
      isSwitchEnabled: !entry.isActive && !isLoading)
  }
}
