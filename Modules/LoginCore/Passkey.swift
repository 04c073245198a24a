import Foundation

/// One of the signed-in account's passkeys, as the server lists it: what a passkeys screen
/// shows. The key itself never leaves its authenticator; the server keeps only its public half.
public struct Passkey: Sendable, Equatable, Hashable, Identifiable, Codable {
  /// The credential id, base64url without padding: what `renamePasskey` and `removePasskey`
  /// name it by.
  public var id: String
  /// The name the person gave it, e.g. "Ann's laptop".
  public var name: String
  /// When it was registered.
  public var createdAt: Date
  /// When it last signed in, or `nil` when it never has.
  public var lastUsedAt: Date?

  /// Makes a passkey's description.
  /// - Parameters:
  ///   - id: The credential id, base64url.
  ///   - name: Its name.
  ///   - createdAt: When it was registered.
  ///   - lastUsedAt: When it last signed in, or `nil`.
  public init(id: String, name: String, createdAt: Date, lastUsedAt: Date? = nil) {
    self.id = id
    self.name = name
    self.createdAt = createdAt
    self.lastUsedAt = lastUsedAt
  }
}

extension Passkey {
  /// The longest name a passkey takes, in Unicode scalars (API.md: 64 characters).
  public static let maximumNameLength = 64

  /// A passkey's name as the server takes it, checked by the server's rule before anything is
  /// sent or any key is made: no control character anywhere (line breaks and tabs included),
  /// and 1 to ``maximumNameLength`` Unicode scalars once the spaces around it are trimmed.
  /// The one rule the service and the passkeys control both check with.
  /// - Parameter name: The name as typed.
  /// - Returns: The name without the spaces around it.
  /// - Throws: `.refused(.invalidForm(.name(.controlCharacter)))`,
  ///   `.refused(.invalidForm(.name(.tooLong(maximum: 64))))`, or
  ///   `.refused(.invalidInput(.name, message: ""))` for an empty one.
  public static func checkedName(_ name: String) throws(AuthFailure) -> String {
    if name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
      throw .refused(.invalidForm(.name(.controlCharacter)))
    }
    let trimmed = name.trimmingCharacters(in: .whitespaces)
    if trimmed.isEmpty { throw .refused(.invalidInput(.name, message: "")) }
    if trimmed.unicodeScalars.count > maximumNameLength {
      throw .refused(.invalidForm(.name(.tooLong(maximum: maximumNameLength))))
    }
    return trimmed
  }
}
