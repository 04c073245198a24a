extension CredentialRules {
  /// Checks a password for sign-up: at least ``minimumPasswordLength-property`` characters, and the
  /// ``requiredPasswordCharacters`` (none by default; a letter is any Unicode letter, a
  /// digit 0–9).
  ///
  /// The password is taken exactly as typed: spaces count as characters and nothing is
  /// trimmed, because they may be part of it. Characters are what a person sees (grapheme
  /// clusters), so `é` typed as e + accent counts once.
  /// - Parameter password: The password.
  /// - Returns: The first problem, or `nil` when the password is acceptable.
  public func passwordProblem(in password: String) -> PasswordProblem? {
    if password.isEmpty { return .empty }
    if password.count < minimumPasswordLength { return .tooShort(minimum: minimumPasswordLength) }
    let kinds = Self.characterKinds(in: password)
    if requiredPasswordCharacters.contains(.letter),
      kinds.isDisjoint(with: [.lowercase, .uppercase, .caselessLetter])
    {
      return .missingLetter
    }
    if requiredPasswordCharacters.contains(.digit), !kinds.contains(.digit) {
      return .missingDigit
    }
    return nil
  }

  /// Rates a password for the strength hint beside the field.
  /// - Parameter password: The password.
  /// - Returns: `.weak` when it fails `passwordProblem(in:)`; `.strong` when it also has at
  ///   least ``strongPasswordLength-property`` characters of at least three kinds; `.fair` otherwise.
  public func passwordStrength(of password: String) -> PasswordStrength {
    if passwordProblem(in: password) != nil { return .weak }
    if password.count >= strongPasswordLength && Self.characterKinds(in: password).count >= 3 {
      return .strong
    }
    return .fair
  }

  /// The kinds of character a password mixes; a letter is general category L*, a digit 0–9.
  private enum CharacterKind: Hashable {
    case lowercase, uppercase, caselessLetter, digit, other
  }

  private static func characterKinds(in password: String) -> Set<CharacterKind> {
    var kinds: Set<CharacterKind> = []
    for scalar in password.unicodeScalars {
      switch scalar.properties.generalCategory {
      case .lowercaseLetter: kinds.insert(.lowercase)
      case .uppercaseLetter, .titlecaseLetter: kinds.insert(.uppercase)
      case .modifierLetter, .otherLetter: kinds.insert(.caselessLetter)
      default: kinds.insert(("0"..."9").contains(scalar) ? .digit : .other)
      }
    }
    return kinds
  }
}
