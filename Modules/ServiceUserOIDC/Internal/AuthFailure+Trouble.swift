import LoginCore

extension AuthFailure {
  /// Server trouble: the provider answered something this adapter cannot use, or could not
  /// answer; never a reason to end the session.
  /// - Parameter sentence: What is wrong and, where it helps, what to change.
  /// - Returns: `.unavailable(.serverTrouble(sentence))`.
  static func trouble(_ sentence: String) -> AuthFailure {
    .unavailable(.serverTrouble(sentence))
  }
}
