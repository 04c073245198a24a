import Foundation
import LoginCore
import UserModel

/// The account calls, over ``FakeLoginService/keptAccounts``: each changes the list as a
/// service that keeps several accounts does and publishes the changes such a service reports.
extension FakeLoginService {
  /// Publishes the state as a service's stream starts: `.initial` with the active one of
  /// ``keptAccounts`` (or `nil`) and the accounts.
  public func publishInitial() {
    publish(.initial(keptAccounts.first(where: \.isActive)?.user, accounts: keptAccounts))
  }

  /// Counts the read and answers ``keptAccounts`` as they are now, after waiting for the next
  /// of ``accountsGates`` when there is one.
  /// - Returns: The accounts, most recently active first.
  public func accounts() async -> [Account] {
    accountsReads += 1
    let answer = keptAccounts
    if !accountsGates.isEmpty { await accountsGates.removeFirst().wait() }
    return answer
  }

  /// Records the call and answers the next of ``switchResults``. A session makes its user's
  /// account the active one (first in ``keptAccounts``) and publishes `.switched(to:)`;
  /// `.refused(.sessionEnded)` removes the account and publishes its end; any other failure
  /// changes nothing.
  /// - Parameter account: The account to make active.
  /// - Returns: The scripted session.
  /// - Throws: The scripted error, or `.unavailable(.serverTrouble(_:))` when nothing is scripted.
  public func switchAccount(to account: Account) async throws(AuthFailure) -> UserSession {
    calls.append(.switchAccount(userID: account.user.id))
    await gate?.wait()
    let result = Self.next(&switchResults)
    switch result {
    case .success(let session):
      makeActive(session.user, lastActive: account.lastActive)
      publish(.switched(to: session.user))
    case .failure(.refused(.sessionEnded)):
      removeKept(account.user.id, reason: .expired)
    case .failure:
      break
    }
    return try result.get()
  }

  /// Records the call, removes the account from ``keptAccounts`` and answers
  /// ``signOutAccountOutcome``. The active one with others kept publishes
  /// `.accountRemoved(_, .userAction)` then `.switched(to:)` the next (the first of the
  /// others); the last one `.signedOut(.userAction)`; another `.accountRemoved`.
  /// - Parameter account: The account to sign out.
  /// - Returns: ``signOutAccountOutcome``.
  public func signOut(account: Account) async -> SignOutOutcome {
    calls.append(.signOutAccount(userID: account.user.id))
    await gate?.wait()
    removeKept(account.user.id)
    return signOutAccountOutcome
  }

  /// Records the call, removes every account (the inactive ones, each with
  /// `.accountRemoved`, then the active one with `.signedOut(.userAction)`) and answers
  /// ``signOutAllOutcome``.
  /// - Returns: ``signOutAllOutcome``.
  public func signOutAll() async -> SignOutOutcome {
    calls.append(.signOutAll)
    await gate?.wait()
    let removed = keptAccounts
    keptAccounts = []
    for account in removed where !account.isActive {
      publish(.accountRemoved(account.user, .userAction))
    }
    if removed.contains(where: \.isActive) { publish(.signedOut(.userAction)) }
    return signOutAllOutcome
  }

  /// Removes the account of `userID`, if kept, publishing what a service reports.
  func removeKept(_ userID: String, reason: SignOutReason = .userAction) {
    guard let index = keptAccounts.firstIndex(where: { $0.user.id == userID }) else { return }
    let removed = keptAccounts.remove(at: index)
    guard removed.isActive else {
      publish(.accountRemoved(removed.user, reason))
      return
    }
    // Only a person's own sign-out moves to another account; an ended session leaves none.
    guard reason == .userAction, let next = keptAccounts.first else {
      publish(.signedOut(reason))
      return
    }
    publish(.accountRemoved(removed.user, reason))
    makeActive(next.user, lastActive: next.lastActive)
    publish(.switched(to: next.user))
  }

  private func makeActive(_ user: User, lastActive: Date?) {
    keptAccounts.removeAll { $0.user.id == user.id }
    for index in keptAccounts.indices { keptAccounts[index].isActive = false }
    keptAccounts.insert(Account(user: user, lastActive: lastActive, isActive: true), at: 0)
  }
}
