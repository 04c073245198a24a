/// The `Bearer` challenge of a `WWW-Authenticate` header (RFC 6750 §3), e.g.
/// `Bearer realm="api", error="invalid_token", error_description="The access token expired"`.
///
/// ```swift
/// let challenge = BearerChallenge(headers: ["WWW-Authenticate": value])
/// if challenge?.error == "invalid_token" { /* renew the token */ }
/// ```
public struct BearerChallenge: Sendable, Equatable {
  /// The challenge's parameters, names lower-cased (`realm`, `error`, `error_description`,
  /// `scope`), values unquoted.
  public let parameters: [String: String]

  /// The `error` parameter: `invalid_request`, `invalid_token` or `insufficient_scope`.
  public var error: String? { parameters["error"] }

  /// Reads the first `Bearer` challenge of a `WWW-Authenticate` value.
  /// - Parameter value: The header's value; it may hold other schemes' challenges too.
  /// - Returns: `nil` when there is no Bearer challenge.
  public init?(_ value: String) {
    var scanner = ChallengeScanner(value)
    while let scheme = scanner.scheme() {
      let parameters = scanner.parameters()
      if scheme.lowercased() == "bearer" {
        self.parameters = parameters
        return
      }
    }
    return nil
  }

  /// Reads the Bearer challenge of a response's `WWW-Authenticate` header.
  /// - Parameter headers: The response's headers, names in any case.
  /// - Returns: `nil` when there is no such header or no Bearer challenge in it.
  public init?(headers: [String: String]) {
    let value = headers.first { $0.key.lowercased() == "www-authenticate" }?.value
    guard let value else { return nil }
    self.init(value)
  }
}

/// Walks a `WWW-Authenticate` value: `scheme param=value, param="quoted", scheme2 …`.
private struct ChallengeScanner {
  private let characters: [Character]
  private var index = 0

  init(_ value: String) {
    characters = Array(value)
  }

  /// The next challenge's scheme, or `nil` at the end.
  mutating func scheme() -> String? {
    skip { $0 == " " || $0 == "," || $0 == "\t" }
    let token = self.token()
    return token.isEmpty ? nil : token
  }

  /// The parameters after a scheme, up to the next scheme.
  mutating func parameters() -> [String: String] {
    var result: [String: String] = [:]
    while true {
      skip { $0 == " " || $0 == "," || $0 == "\t" }
      let start = index
      let name = token()
      skip { $0 == " " || $0 == "\t" }
      guard !name.isEmpty, index < characters.count, characters[index] == "=" else {
        // The next scheme (or a token68 credential, read as a scheme of its own and skipped).
        index = start
        return result
      }
      index += 1
      skip { $0 == " " || $0 == "\t" }
      result[name.lowercased()] = value()
    }
  }

  private mutating func value() -> String {
    guard index < characters.count, characters[index] == "\"" else { return token() }
    index += 1
    var text = ""
    while index < characters.count, characters[index] != "\"" {
      if characters[index] == "\\", index + 1 < characters.count { index += 1 }
      text.append(characters[index])
      index += 1
    }
    if index < characters.count { index += 1 }
    return text
  }

  private mutating func token() -> String {
    var text = ""
    while index < characters.count, Self.isTokenCharacter(characters[index]) {
      text.append(characters[index])
      index += 1
    }
    return text
  }

  private mutating func skip(_ predicate: (Character) -> Bool) {
    while index < characters.count, predicate(characters[index]) { index += 1 }
  }

  private static func isTokenCharacter(_ character: Character) -> Bool {
    guard let ascii = character.asciiValue, ascii > 32, ascii < 127 else { return false }
    return !"\"(),/:;<=>?@[\\]{}".contains(character)
  }
}
