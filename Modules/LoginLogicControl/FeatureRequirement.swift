import LoginCore
import UserModel

/// What a feature asks of the person opening it.
public enum FeatureRequirement: Sendable, Hashable {
  /// Open to everyone, guests included.
  case guestsWelcome
  /// Needs a signed-in account of either type.
  case accountNeeded
  /// Needs a signed-in account of this type.
  case onlyFor(UserType)
}
