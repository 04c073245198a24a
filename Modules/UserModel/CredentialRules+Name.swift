extension CredentialRules {
  /// The name as it is stored: spaces (category Zs) trimmed from both ends, `nil` when empty.
  ///
  /// Only spaces are trimmed, never control characters: a name with a line break is refused by
  /// `nameProblem(in:)` rather than silently changed.
  /// - Parameter name: A name as typed, or `nil`.
  /// - Returns: The trimmed name, or `nil` for none.
  public static func normalizedName(_ name: String?) -> String? {
    guard let name else { return nil }
    let trimmed = trimming(name) { $0.properties.generalCategory == .spaceSeparator }
    return trimmed.isEmpty ? nil : trimmed
  }

  /// Checks a display name after trimming: at most ``maximumNameLength-property`` Unicode scalars,
  /// none of category Cc.
  /// - Parameter name: A name as typed, or `nil`; empty and `nil` mean "no name" and pass.
  /// - Returns: The first problem, or `nil` when the name is acceptable.
  public func nameProblem(in name: String?) -> NameProblem? {
    guard let trimmed = Self.normalizedName(name) else { return nil }
    let scalars = trimmed.unicodeScalars
    if scalars.contains(where: { $0.properties.generalCategory == .control }) {
      return .controlCharacter
    }
    if scalars.count > maximumNameLength { return .tooLong(maximum: maximumNameLength) }
    return nil
  }
}
