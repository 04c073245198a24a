import Localization
import LoginCore
import UserModel

/// The answer to "may this person open this feature now?".
public enum FeatureAccess: Sendable, Hashable {
  /// Open it.
  case open
  /// Ask for an account first: start sign-in with this entry point, which brings the user
  /// back to the feature.
  case signInRequired(LoginEntryPoint)
  /// The signed-in user's type cannot use it; show the message (in the language of the
  /// moment the access was decided) and stay.
  case notAvailable(message: String)

  /// Decides access from the gating table (`AppFeature.requirement`).
  /// - Parameters:
  ///   - feature: The feature being opened.
  ///   - type: The signed-in user's type, or `nil` for a guest.
  public init(to feature: AppFeature, signedInAs type: UserType?) {
    guard feature.requirement != .guestsWelcome else {
      self = .open
      return
    }
    guard let type else {
      self = .signInRequired(.guestFeature(feature))
      return
    }
    guard !feature.isAvailable(to: type) else {
      self = .open
      return
    }
    let refusal = TextTable.loginLogicControl.text(
      "access.notAvailable", feature.refusalValues(to: type))
    self = .notAvailable(message: refusal.sentenceCased)
  }
}

extension FeatureAccess: CustomStringConvertible {
  /// A short name for the event log.
  public var description: String {
    switch self {
    case .open: "open"
    case .signInRequired: "sign-in required"
    case .notAvailable: "not available"
    }
  }
}
