import LoginCore
import UserModel

/// What a feature asks of the person opening it.
public enum FeatureRequirement: Sendable, Hashable {
  /// Open to everyone, guests included.
  case guestsWelcome
  /// Needs a signed-in account of any type.
  case accountNeeded
  /// Needs a signed-in account of one of these types.
  case onlyFor(Set<UserType>)
}
