import UserModel

extension UserType {
  /// The account type in the language shown (`passenger`, `乘客`); a type koober does not
  /// know (from an OpenID Connect claim) shows as it is.
  var shownName: String {
    switch self {
    case .passenger: KooberText.text("account.passenger")
    case .driver: KooberText.text("account.driver")
    default: rawValue
    }
  }

  /// The type a person typed: its English word or its name in the language shown (any case).
  /// - Parameter typed: What was typed.
  init?(typed: String) {
    let answer = typed.lowercased()
    guard
      let type = Self.allCases.first(where: {
        $0.rawValue == answer || $0.shownName.lowercased() == answer
      })
    else { return nil }
    self = type
  }
}
