import LoginCore
/// Where a sign-in (or sign-up) began, which decides where a successful one goes.
public enum LoginEntryPoint: Sendable, Hashable {
  /// The launch screen, when the launch check found no usable session.
  case launch
  /// The welcome screen.
  case welcome
  /// A guest opened a feature that needs an account; success returns there.
  case guestFeature(AppFeature)
}

extension LoginEntryPoint: CustomStringConvertible {
  /// A short name for the event log, e.g. `welcome` or `feature dispatchBoard`.
  public var description: String {
    switch self {
    case .launch: "launch"
    case .welcome: "welcome"
    case .guestFeature(let feature): "feature \(feature.rawValue)"
    }
  }
}
