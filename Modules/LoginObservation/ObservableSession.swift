import LoginCore
import Observation
import UserModel

/// The signed-in state as an `@Observable` model, for SwiftUI: a view that reads ``status``
/// or ``user`` is drawn again when they change, with no stream to bridge.
///
/// The model follows the service's `sessionChanges()`: its first value comes from the
/// stream's `SessionChange.initial(_:)`, then every sign-in, restore and sign-out. It follows
/// from ``start()`` (or ``restore()``, which starts it too) until ``stop()`` or until it is
/// released; it never calls out (no closure, no delegate): observers read it back, the way
/// SwiftUI does. It lives on the main actor.
///
/// Without SwiftUI, `withObservationTracking` tells when it changed:
///
/// ```swift
/// let session = ObservableSession(service: service)
/// await session.restore()   // the launch check; `.checking` until it settles
/// withObservationTracking {
///   switch session.status {
///   case .checking: break
///   case .signedIn(let user): showHome(of: user.type)
///   case .signedOut: showWelcome()
///   }
/// } onChange: {
///   Task { @MainActor in print("now", session.status) }   // read it back after the change
/// }
/// ```
///
/// With several accounts kept (`LoginServicing.accounts()`), ``accounts`` lists them for an
/// account switcher: first the stream's `.initial` list, then the service's list read again
/// after every sign-in, switch and sign-out. A switch is ``Status/signedIn(_:)`` of the other
/// user, so ``Status`` keeps its three cases.
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
@Observable
@MainActor
public final class ObservableSession {
  /// What the app's root view shows: a launch screen, the signed-in user's home, or welcome.
  public enum Status: Sendable, Equatable {
    /// Not known yet: before the stream's first value, or while ``restore()`` has not
    /// settled (a stored session not restored yet looks like no session at all).
    case checking
    /// This user is signed in (and, with several accounts, the active one).
    case signedIn(User)
    /// No one is signed in; the reason when a session ended while the model followed it
    /// (`.expired` also when ``restore()`` found the stored session expired), else `nil`.
    case signedOut(SignOutReason?)
  }

  /// The signed-in state, ``Status/checking`` until the service's first value.
  public private(set) var status = Status.checking

  /// The accounts kept on this device, most recently active first, the active one marked;
  /// empty until the service's first value, and for a service that keeps one account.
  public private(set) var accounts: [Account] = []

  /// The signed-in user, or `nil` when no one is (or it is not known yet).
  public var user: User? {
    guard case .signedIn(let user) = status else { return nil }
    return user
  }

  @ObservationIgnored private let service: any LoginServicing
  @ObservationIgnored private var listener: Task<Void, Never>?
  /// Which listener may still write: bumped on every (re)start and stop, so a change an
  /// earlier listener already took from its stream is dropped instead of written late.
  @ObservationIgnored private var listening = 0
  @ObservationIgnored private var restoring: Task<RestoreOutcome, Never>?
  /// Which read of the accounts may still write: bumped by every read, by `.initial` and by
  /// a stop, so a read that finishes after a newer one (or after a stop) is dropped.
  @ObservationIgnored private var accountsVersion = 0
  /// How many changes the model has taken from the stream, so tests can wait for one.
  @ObservationIgnored package private(set) var changesHeard = 0

  /// The task reading the change stream, so tests can await its end.
  package var listenerTask: Task<Void, Never>? { listener }

  /// Makes a model that follows nothing yet: call ``restore()`` at launch, or ``start()``.
  /// - Parameter service: The app's service, e.g. its `ServiceUser` (which is a
  ///   `LoginServicing` through ServiceUserLogin or LoginStack).
  public init(service: any LoginServicing) {
    self.service = service
  }

  deinit {
    // The listener holds the model weakly, so without this it would wait for the next change.
    listener?.cancel()
  }

  /// Starts following the service's session changes; does nothing when already following.
  ///
  /// The stream's first value (the state at this call) arrives on the main actor's next turn.
  /// A stored session that the launch check has not restored yet looks like no session: at
  /// launch, call ``restore()`` instead, which starts the model too and stays
  /// ``Status/checking`` until the check settles.
  public func start() {
    guard listener == nil else { return }
    listen()
  }

  /// Stops following the session changes; the values stay as they were. ``start()`` follows
  /// them again, from the state at that call.
  public func stop() {
    listener?.cancel()
    listener = nil
    listening += 1
    accountsVersion += 1
  }

  /// Runs the service's launch check (`restoreSession()`), following the changes first: the
  /// model stays ``Status/checking`` until the check settles, then shows what it found. Call
  /// it once per launch (each call asks the server); a call while a check runs waits for that
  /// check instead of starting another.
  /// - Returns: What the check found, for the sentence the app shows with it (offline, could
  ///   not be read, …).
  @discardableResult
  public func restore() async -> RestoreOutcome {
    if let restoring { return await restoring.value }
    let service = self.service
    let check = Task { await service.restoreSession() }
    restoring = check
    if listener == nil { listen() }
    let outcome = await check.value
    restoring = nil
    // An expiry found at launch ends a session no listener heard of, so no change says it.
    if status == .checking, outcome == .expired { status = .signedOut(.expired) }
    // A fresh first value says what the check left: the stream's own `.initial(nil)` came
    // before the check ended and could be a session not restored yet.
    if listener != nil { listen() }
    return outcome
  }

  private func listen() {
    listener?.cancel()
    listening += 1
    let current = listening
    let changes = service.sessionChanges()
    listener = Task { [weak self] in
      for await change in changes {
        guard let self, self.listening == current else { return }
        self.apply(change)
      }
    }
  }

  private func apply(_ change: SessionChange) {
    changesHeard += 1
    switch change {
    case .initial(_, let accounts):
      accountsVersion += 1
      self.accounts = accounts
    case .signedIn, .switched, .signedOut, .accountRemoved:
      readAccounts()
    }
    switch change {
    case .initial(let user?, _), .signedIn(let user), .switched(let user):
      // An equal value tells no observer: the macro compares before it notifies.
      status = .signedIn(user)
    case .initial(nil, _):
      // While the launch check runs, no one yet may be a session not restored yet; a known
      // sign-out keeps its reason.
      if restoring != nil { return }
      if case .signedOut = status { return }
      status = .signedOut(nil)
    case .signedOut(let reason):
      status = .signedOut(reason)
    case .accountRemoved:
      break
    }
  }

  /// Reads the accounts again after a change: the stream says what changed, the service
  /// what is kept now. Only the newest read writes.
  private func readAccounts() {
    accountsVersion += 1
    let version = accountsVersion
    let service = self.service
    Task { [weak self] in
      let accounts = await service.accounts()
      guard let self, self.accountsVersion == version else { return }
      self.accounts = accounts
    }
  }
}
