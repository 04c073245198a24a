import LoginCore

extension SignOutOutcome {
  /// The sentence shown after a sign-out, when there is one: `nil` when the server ended the
  /// session, else why it could not.
  var notice: String? {
    switch self {
    case .signedOut: nil
    case .signedOutLocally: SessionLogicControl.signedOutLocallyNotice
    case .signedOutWithoutRevocation: SessionLogicControl.signedOutWithoutRevocationNotice
    }
  }
}
