import Localization
import LoginCore
import UserModel

/// The account list's logic, for a service that keeps several accounts: list them, switch
/// to one, add one, sign one or every one out. One request at a time; a tap meanwhile is
/// ignored.
///
/// A switch ends like a sign-in: the delegate's `loginLogic(_:didSignIn:route:)` with the
/// route of the account's type from ``entryPoint``. A sign-out that leaves another account
/// active goes to that account's home; one that leaves none, to welcome.
///
/// ```swift
/// let accounts = AccountsLogicControl(environment: environment, entryPoint: .welcome)
/// accounts.delegate = accountListScreen
/// accounts.loadAccounts()
/// // on a row's "Switch":
/// accounts.switchAccount(to: row.account)
/// ```
@MainActor
public final class AccountsLogicControl: LoginFlowControl {
  /// Where the app goes after a sign-out on the list.
  public enum AfterSignOut: Sendable, Hashable {
    /// An account other than the active one left: stay on the list, showing these.
    case stay(remaining: [Account])
    /// The signed-out account was the active one and this one is active now: go where the
    /// route says, as after a sign-in.
    case nextAccount(User, LoginRoute)
    /// No account is active now: go to welcome.
    case welcome
  }

  /// Told what happens; held weakly.
  public weak var delegate: (any AccountsLogicDelegate)?
  /// Where the list was opened from; it decides where a switch goes (`.welcome` for a home
  /// screen's list: the account's home as the root).
  public let entryPoint: LoginEntryPoint
  /// `true` while a request is in flight; taps meanwhile are ignored.
  public var isBusy: Bool { run.isRunning }

  private let environment: LoginEnvironment
  private let run: FlowRun

  /// Makes an accounts control.
  /// - Parameters:
  ///   - environment: The shared service and log (the same one as the session control's,
  ///     so that a switch is routed once).
  ///   - entryPoint: Where the list was opened from.
  public init(environment: LoginEnvironment, entryPoint: LoginEntryPoint) {
    self.environment = environment
    self.entryPoint = entryPoint
    run = FlowRun(.accounts, in: environment, busy: "an account request is already in flight")
  }

  /// The sentence for a failed switch: for an account no longer signed in here, or whose
  /// session ended, one naming it; else the failure's own.
  /// - Parameters:
  ///   - failure: Why the switch failed.
  ///   - account: The account it was for.
  /// - Returns: One sentence, in the language of the moment.
  public nonisolated static func message(for failure: AuthFailure, account: Account) -> String {
    let values = ["account": account.identifier]
    return switch failure {
    case .refused(.unknownAccount):
      TextTable.loginLogicControl.text("accounts.unknownAccount", values)
    case .refused(.sessionEnded):
      TextTable.loginLogicControl.text("accounts.sessionEnded", values)
    default:
      failure.message
    }
  }

  /// Reads the accounts and hands them to the delegate; ignored while a request is in flight.
  /// - Returns: The running read, or `nil` when ignored.
  @discardableResult
  public func loadAccounts() -> Task<Void, Never>? {
    guard run.admits() else { return nil }
    return run.start(
      .account(.listing), awaiting: { service in await service.accounts() },
      then: { self.loaded($0) })
  }

  /// Makes `account` the active one, then routes it by type like a sign-in.
  /// - Parameter account: One of the listed accounts.
  /// - Returns: The running switch, or `nil` when ignored.
  @discardableResult
  public func switchAccount(to account: Account) -> Task<Void, Never>? {
    guard run.admits() else { return nil }
    environment.routedAccount.requestStarted()
    return run.start(
      .account(.switchRequested(identifier: account.identifier)),
      announce: { delegate?.accountsLogicDidStart(self) },
      awaiting: { service -> (Result<UserSession, AuthFailure>, [Account]?) in
        let result = await Result { () async throws(AuthFailure) in
          try await service.switchAccount(to: account)
        }
        // A failed switch may have removed the account: the list is read again.
        guard case .failure = result else { return (result, nil) }
        return (result, await service.accounts())
      },
      then: { result, remaining in self.switched(result, to: account, remaining: remaining) })
  }

  /// "Add account": tells the delegate to show the sign-in from ``entryPoint``, keeping the
  /// other accounts signed in. Nothing is sent; ignored while a request is in flight.
  public func addAccount() {
    guard run.admits() else { return }
    run.record(.account(.addRequested(entry: entryPoint)))
    delegate?.accountsLogic(self, addAccountGoToSignInFrom: entryPoint)
  }

  /// Signs `account` out (on the server when it can be reached), then tells where to go.
  /// - Parameter account: One of the listed accounts.
  /// - Returns: The running sign-out, or `nil` when ignored.
  @discardableResult
  public func signOut(account: Account) -> Task<Void, Never>? {
    startSigningOut(.signOutRequested(identifier: account.identifier), removing: account) {
      await $0.signOut(account: account)
    }
  }

  /// Signs every account out, then tells where to go (welcome, unless one is active again).
  /// - Returns: The running sign-out, or `nil` when ignored.
  @discardableResult
  public func signOutAll() -> Task<Void, Never>? {
    startSigningOut(.signOutAllRequested, removing: nil) { await $0.signOutAll() }
  }

  private func startSigningOut(
    _ event: AccountEvent, removing account: Account?,
    _ call: @escaping @MainActor (any LoginServicing) async -> SignOutOutcome
  ) -> Task<Void, Never>? {
    guard run.admits() else { return nil }
    environment.routedAccount.requestStarted()
    return run.start(
      .account(event), announce: { delegate?.accountsLogicDidStart(self) },
      awaiting: { service in (await call(service), await service.accounts()) },
      then: { outcome, remaining in
        self.signedOut(outcome, removing: account, remaining: remaining)
      })
  }

  private func loaded(_ accounts: [Account]) {
    run.record(.account(.listed(count: accounts.count)))
    delegate?.accountsLogic(self, didLoad: accounts)
  }

  private func switched(
    _ result: Result<UserSession, AuthFailure>, to account: Account, remaining: [Account]?
  ) {
    switch result {
    case .success(let session):
      environment.routedAccount.requestEnded(switchedTo: session.user)
      run.signedIn(session.user, by: self, tell: delegate)
    case .failure(let failure):
      environment.routedAccount.requestEnded(switchedTo: nil)
      run.fail(failure) { failure in
        delegate?.accountsLogic(
          self, didFail: failure, message: Self.message(for: failure, account: account))
      }
      if let remaining { loaded(remaining) }
    }
  }

  private func signedOut(
    _ outcome: SignOutOutcome, removing account: Account?, remaining: [Account]
  ) {
    let notice = outcome.notice
    let after = afterSignOut(removing: account, remaining: remaining)
    let logged: AccountEvent.Next
    var next: User?
    switch after {
    case .stay(let remaining):
      logged = .stay(left: remaining.count)
    case .nextAccount(let user, let route):
      logged = .account(user.type, route)
      next = user
    case .welcome:
      logged = .welcome
    }
    let toWelcome = if case .welcome = after { true } else { false }
    environment.routedAccount.requestEnded(switchedTo: next, signedOut: toWelcome)
    run.record(.account(.signedOut(.accounts, locally: notice != nil, then: logged)))
    delegate?.accountsLogic(self, didSignOut: after, notice: notice)
  }

  /// Where a sign-out leads: to the account active now when the active one left, to welcome
  /// when none is; an inactive account's sign-out leaves the active one as it was.
  private func afterSignOut(removing account: Account?, remaining: [Account]) -> AfterSignOut {
    if let account, !account.isActive { return .stay(remaining: remaining) }
    guard let next = remaining.first(where: \.isActive) else { return .welcome }
    return .nextAccount(next.user, LoginRoute(signedIn: next.user.type, from: entryPoint))
  }
}
