import UserModel
import KooberBackend

extension UserType {
  /// The type a person typed: its English word or its name in the language shown (any case).
  /// - Parameter typed: What was typed.
  init?(typed: String) {
    let answer = typed.lowercased()
    guard
      let type = Self.kooberTypes.first(where: {
        $0.rawValue == answer || $0.displayName.lowercased() == answer
      })
    else { return nil }
    self = type
  }
}
