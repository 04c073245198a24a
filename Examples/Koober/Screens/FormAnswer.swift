import LoginLogicControl

/// The answer to one prompt of a form, or where the screen goes instead.
enum FormAnswer {
  /// What was typed.
  case answer(String)
  /// The person left the form (`back`, end of input, an interruption).
  case leave(Destination)

  /// Where the screen goes instead, or `nil` for an answer.
  var leaving: Destination? {
    guard case .leave(let destination) = self else { return nil }
    return destination
  }
}

extension LoginEntryPoint {
  /// Where `back` goes from a sign-in or sign-up form that started here.
  var backDestination: Destination {
    switch self {
    case .launch, .welcome: .welcome(alert: nil)
    case .guestFeature: .guestHome(alert: nil)
    }
  }
}
