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

extension Console {
  /// Asks for one field of a form until the view model accepts it, showing each rule it
  /// breaks as an alert.
  /// - Parameters:
  ///   - label: The prompt.
  ///   - secret: Whether typing is hidden (passwords).
  ///   - defaultValue: What an empty answer means, shown in brackets.
  ///   - commands: Words that leave the form instead (e.g. `back`), in English or in the
  ///     language shown.
  ///   - check: Hands the answer to the view model and returns its error for the field.
  /// - Returns: The accepted answer, or where to go instead.
  func askField(
    _ label: String, secret: Bool = false, defaultValue: String? = nil,
    commands: [TypedWord: Destination] = [:], check: (String) -> String?
  ) async -> FormAnswer {
    while true {
      let event = secret ? await askSecret(label) : await ask(label, defaultValue: defaultValue)
      guard case .line(let text) = event else { return .leave(event.exit ?? .quit) }
      if let command = commands.first(where: { $0.key.matches(text) }) {
        return .leave(command.value)
      }
      guard let error = check(text) else { return .answer(text) }
      alert(error)
    }
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
