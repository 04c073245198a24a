import LoginCore
import UserModel

/// The check the host makes before opening a feature, for guests and signed-in users alike.
///
/// Each feature says who may open it (`AppFeature.requirement`): a guest may browse the
/// catalogue, the profile needs an account, and the dispatch board is for dispatchers
/// only. A guest who needs an account gets
/// `.signInRequired(entry)`: the host starts sign-in with that entry point, and success
/// returns to the feature (or explains why it cannot).
///
/// ```swift
/// switch gate.check(.profile, signedInAs: currentUser?.type) {
/// case .open: showProfile()
/// case .signInRequired(let entry): showSignIn(entryPoint: entry)
/// case .notAvailable(let message): showNotice(message)
/// }
/// ```
@MainActor
public final class GuestGate {
  private let log: LoginEventLog

  /// Makes a gate that records each check in `log`.
  /// - Parameter log: The shared event log.
  public init(log: LoginEventLog) {
    self.log = log
  }

  /// Decides whether a feature may open now, and records the decision.
  /// - Parameters:
  ///   - feature: The feature being opened.
  ///   - type: The signed-in user's type, or `nil` for a guest.
  /// - Returns: Open, sign-in required (with the entry point to use), or not available.
  public func check(_ feature: AppFeature, signedInAs type: UserType?) -> FeatureAccess {
    let access = FeatureAccess(to: feature, signedInAs: type)
    log.record(.featureChecked(feature, signedInAs: type, access))
    return access
  }
}
