import UserModel

/// The switches this process's controls route themselves, shared by the controls of one
/// `LoginEnvironment`: a switch that a control routes (the accounts control's switch, a
/// sign-out that leaves another account active) reaches `SessionLogicControl` through the
/// service's stream too, possibly much later, and must not be routed twice.
@MainActor
final class RoutedAccount {
  /// The most echoes kept waiting: a service that never sends one cannot grow the list.
  static let echoLimit = 16

  /// Requests in flight that route the account they end in themselves.
  private(set) var routingRequests = 0
  /// The user ids of switches routed here whose `.switched` the stream has not brought yet.
  private var awaited: [String] = []
  /// The user ids of `.switched` the stream brought while a request was in flight.
  private var heardEarly: [String] = []
  /// Sign-outs routed here (to welcome) whose `.signedOut(.userAction)` has not come yet.
  private var awaitedSignOuts = 0
  /// `.signedOut(.userAction)` the stream brought while a request was in flight.
  private var signOutsHeardEarly = 0

  nonisolated init() {}

  /// A request that will route the account it ends in started.
  func requestStarted() {
    routingRequests += 1
  }

  /// That request ended, having taken the app to another account, `user`, which the service
  /// reports as `.switched(to: user)` too; `nil` when it took the app to none (or nowhere).
  /// - Parameter user: The account the request switched the app to, when it did.
  /// - Parameter signedOut: Whether it left no account active (routed to welcome), which
  ///   the service reports as `.signedOut(.userAction)` too.
  func requestEnded(switchedTo user: User?, signedOut: Bool = false) {
    routingRequests -= 1
    if signedOut {
      if signOutsHeardEarly > 0 {
        signOutsHeardEarly -= 1
      } else {
        awaitedSignOuts = min(awaitedSignOuts + 1, Self.echoLimit)
      }
    }
    if let user {
      if let early = heardEarly.firstIndex(of: user.id) {
        heardEarly.remove(at: early)
      } else {
        awaited.append(user.id)
        if awaited.count > Self.echoLimit { awaited.removeFirst() }
      }
    }
    // A switch heard meanwhile that no request routed was overtaken by the requests' routes.
    if routingRequests == 0 {
      heardEarly = []
      signOutsHeardEarly = 0
    }
  }

  /// Whether the stream's `.signedOut(.userAction)` is one a control of this process routes
  /// (or routed) itself; each routed sign-out answers `true` once. Any other is a sign-out
  /// made elsewhere (another process), which `SessionLogicControl` routes.
  func claimsSignOut() -> Bool {
    if awaitedSignOuts > 0 {
      awaitedSignOuts -= 1
      return true
    }
    guard routingRequests > 0 else { return false }
    signOutsHeardEarly += 1
    return true
  }

  /// Whether the stream's `.switched(to: user)` is one a control of this process routes (or
  /// routed) itself; each routed switch answers `true` once.
  func claims(_ user: User) -> Bool {
    if let index = awaited.firstIndex(of: user.id) {
      awaited.remove(at: index)
      return true
    }
    guard routingRequests > 0 else { return false }
    heardEarly.append(user.id)
    return true
  }
}
