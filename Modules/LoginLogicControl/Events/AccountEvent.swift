import LoginCore
import UserModel

/// The event log's entries about several accounts: the accounts control's requests and
/// outcomes, and the session control's sign-outs and switches that leave an account active.
/// Like every event they carry types, routes and masked identifiers only.
enum AccountEvent {
  /// Where an app goes after a sign-out, as the log says it.
  enum Next {
    /// The active account is unchanged; this many accounts are left.
    case stay(left: Int)
    /// Another account is active now and goes this way.
    case account(UserType, LoginRoute)
    /// None is active: welcome.
    case welcome
  }

  case listing
  case listed(count: Int)
  case switchRequested(identifier: String)
  case addRequested(entry: LoginEntryPoint)
  case signOutRequested(identifier: String)
  case signOutAllRequested
  case signedOut(LoginEvent.Area, locally: Bool, then: Next)
  /// The service's stream said another account is active; `route` when this control took
  /// the app there, `nil` when a control of this process already did.
  case switchHeard(UserType, route: LoginRoute?)

  var text: String {
    switch self {
    case .listing:
      "accounts: reading the list"
    case .listed(let count):
      "accounts: \(count) listed"
    case .switchRequested(let identifier):
      "accounts: switch to \(LoginEventLog.maskedIdentifier(identifier)) requested"
    case .addRequested(let entry):
      "accounts: add an account -> sign-in from \(entry)"
    case .signOutRequested(let identifier):
      "accounts: sign-out of \(LoginEventLog.maskedIdentifier(identifier)) requested"
    case .signOutAllRequested:
      "accounts: sign-out of every account requested"
    case .signedOut(let area, let locally, let next):
      "\(area.rawValue): signed out\(locally ? " on this device only (server unreachable)" : "")"
        + " -> \(next.text)"
    case .switchHeard(let type, let route?):
      "session: switched to \(type.rawValue) elsewhere -> \(route)"
    case .switchHeard(let type, nil):
      "session: switched to \(type.rawValue)"
    }
  }
}

extension AccountEvent.Next {
  var text: String {
    switch self {
    case .stay(let left): "stays, \(left) left"
    case .account(let type, let route): "next account, \(type.rawValue): \(route)"
    case .welcome: "welcome"
    }
  }
}
