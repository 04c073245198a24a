import LoginCore

extension AuthFailure {
  /// Server trouble: the provider answered something this adapter cannot use, or could not
  /// answer; never a reason to end the session.
  ///
  /// The sentence is cleaned (`ForeignText`) as it is made, so that even a caller that reads
  /// the case's text itself never gets a provider's control or bidi characters; pieces of
  /// provider text in it should be cleaned with a limit of their own first.
  /// - Parameter sentence: What is wrong and, where it helps, what to change.
  /// - Returns: `.unavailable(.serverTrouble(sentence))`, the sentence cleaned.
  static func trouble(_ sentence: String) -> AuthFailure {
    .unavailable(
      .serverTrouble(ForeignText.clean(sentence, limit: AuthUnavailability.detailLimit)))
  }
}
