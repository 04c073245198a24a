import Foundation
import Localization
import WireFormat

/// The "Passkeys" screen's view state: a row per passkey of the signed-in account (its name,
/// when it was created and last used), the state of its buttons, progress, and the sentence
/// of the last request. Input events in, closures out; no business logic (the passkeys control
/// adds, renames and removes).
///
/// Each closure fires only when its value changes; read the matching property for the
/// initial state. Within one event, closures fire in this order: busy, message, rows, add.
/// They run once every output of the event is stored, so a closure may read the model back.
///
/// ```swift
/// let list = PasskeyListViewModel()
/// list.onRowsChange = { table.reload($0) }
/// list.onAddEnabledChange = { addButton.isEnabled = $0 }
/// // from the passkeys control's delegate:
/// list.passkeysChanged(passkeys.map {
///   .init(id: $0.id, name: $0.name, createdAt: $0.createdAt, lastUsedAt: $0.lastUsedAt)
/// })
/// ```
@MainActor
public final class PasskeyListViewModel {
  /// One passkey as the host hands it in, from the service's `passkeys()`.
  public struct Entry: Sendable, Hashable {
    /// The passkey's id, which renaming and removing name it by.
    public var id: String
    /// Its name.
    public var name: String
    /// When it was registered.
    public var createdAt: Date
    /// When it last signed in, or `nil` when it never has.
    public var lastUsedAt: Date?

    /// Makes an entry.
    /// - Parameters:
    ///   - id: The passkey's id.
    ///   - name: Its name.
    ///   - createdAt: When it was registered.
    ///   - lastUsedAt: When it last signed in, or `nil`.
    public init(id: String, name: String, createdAt: Date, lastUsedAt: Date?) {
      self.id = id
      self.name = name
      self.createdAt = createdAt
      self.lastUsedAt = lastUsedAt
    }
  }

  /// One row as the list draws it.
  public struct Row: Sendable, Hashable, Identifiable {
    /// The passkey's id, to find the passkey a tapped row stands for.
    public var id: String
    /// Its name.
    public var name: String
    /// When it was created, e.g. `Created 3 days ago`.
    public var createdText: String
    /// When it last signed in, e.g. `Last used 5 minutes ago`, or `Never used`.
    public var lastUsedText: String
    /// Whether its "Rename" button can be tapped: nothing in flight.
    public var isRenameEnabled: Bool
    /// Whether its "Remove" button can be tapped: nothing in flight.
    public var isRemoveEnabled: Bool

    /// Makes a row, e.g. for a preview; the model makes its own from the entries.
    /// - Parameters:
    ///   - id: The passkey's id.
    ///   - name: Its name.
    ///   - createdText: "Created …".
    ///   - lastUsedText: "Last used …" or "Never used".
    ///   - isRenameEnabled: Whether "Rename" can be tapped.
    ///   - isRemoveEnabled: Whether "Remove" can be tapped.
    public init(
      id: String, name: String, createdText: String, lastUsedText: String,
      isRenameEnabled: Bool, isRemoveEnabled: Bool
    ) {
      self.id = id
      self.name = name
      self.createdText = createdText
      self.lastUsedText = lastUsedText
      self.isRenameEnabled = isRenameEnabled
      self.isRemoveEnabled = isRemoveEnabled
    }
  }

  /// The screen's title: "Passkeys".
  public nonisolated static var title: String { TextTable.loginViewModel.text("passkeys.title") }
  /// The button that adds a passkey: "Add passkey".
  public nonisolated static var addTitle: String { TextTable.loginViewModel.text("passkeys.add") }
  /// A row's rename button: "Rename".
  public nonisolated static var renameTitle: String {
    TextTable.loginViewModel.text("passkeys.rename")
  }
  /// A row's remove button: "Remove".
  public nonisolated static var removeTitle: String {
    TextTable.loginViewModel.text("passkeys.remove")
  }
  /// What an empty list says: "No passkeys yet.".
  public nonisolated static var emptyText: String {
    TextTable.loginViewModel.text("passkeys.empty")
  }

  /// Called with the new rows.
  public var onRowsChange: (([Row]) -> Void)?
  /// Called when a request starts or ends, to show or hide progress.
  public var onBusyChange: ((Bool) -> Void)?
  /// Called with the new enabled state of "Add passkey".
  public var onAddEnabledChange: ((Bool) -> Void)?
  /// Called with the new sentence of the last request, or `nil` to hide it.
  public var onMessageChange: ((String?) -> Void)?

  /// The rows, in the order the service lists the passkeys (oldest first).
  public private(set) var rows: [Row] = []
  /// Whether a request is in flight.
  public private(set) var isBusy = false
  /// Whether "Add passkey" can be tapped: nothing in flight.
  public private(set) var isAddEnabled = true
  /// The sentence of the last request that failed, or `nil`.
  public private(set) var message: String?

  private var entries: [Entry] = []
  private let now: () -> Date
  private let changes = ChangeQueue()

  /// Makes an empty list.
  /// - Parameter now: The current date, which "created" and "last used" count from;
  ///   `Date.init` by default.
  public init(now: @escaping () -> Date = Date.init) {
    self.now = now
  }

  /// A request was sent: progress shown, every button waits, the last sentence goes.
  public func started() {
    changes.set(\.isBusy, of: self, to: true, tell: \.onBusyChange)
    changes.set(\.message, of: self, to: nil, tell: \.onMessageChange)
    refresh()
  }

  /// The passkeys were read (or read again after a change): the request is over.
  /// - Parameter entries: The passkeys, oldest first.
  public func passkeysChanged(_ entries: [Entry]) {
    self.entries = entries
    changes.set(\.isBusy, of: self, to: false, tell: \.onBusyChange)
    refresh()
  }

  /// The request failed: its sentence shown, the buttons back.
  /// - Parameter message: The logic's sentence.
  public func failed(_ message: String) {
    changes.set(\.isBusy, of: self, to: false, tell: \.onBusyChange)
    changes.set(\.message, of: self, to: message, tell: \.onMessageChange)
    refresh()
  }

  private func refresh() {
    let date = now()
    let rows = entries.map { entry in
      Row(
        id: entry.id, name: entry.name,
        createdText: Self.createdText(entry.createdAt, now: date),
        lastUsedText: Self.lastUsedText(entry.lastUsedAt, now: date),
        isRenameEnabled: !isBusy, isRemoveEnabled: !isBusy)
    }
    changes.set(\.rows, of: self, to: rows, tell: \.onRowsChange)
    changes.set(\.isAddEnabled, of: self, to: !isBusy, tell: \.onAddEnabledChange)
    changes.tell()
  }
}
