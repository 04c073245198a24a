import Foundation

extension Redactor {
  /// A value under a secret-sounding name, read only as far as `isDescriptor` needs.
  enum PlainValue {
    case string(String)
    case strings([String])
    case bool
    case integer
    case other

    /// The JSON value `text` as one of the shapes a descriptor may have; `.other` for
    /// anything else, a value cut off by the end of an excerpt included.
    init(json text: String) {
      let data = Data(text.utf8)
      let decoder = JSONDecoder()
      if text.hasPrefix("\""), let value = try? decoder.decode(String.self, from: data) {
        self = .string(value)
      } else if text.hasPrefix("["), let value = try? decoder.decode([String].self, from: data) {
        self = .strings(value)
      } else if text == "true" || text == "false" {
        self = .bool
      } else if Int(text) != nil {
        self = .integer
      } else {
        self = .other
      }
    }
  }

  /// Whether a field whose name reads as a secret (`isSensitive(_:)`) describes one instead,
  /// so that its value helps whoever reads the log and can hold no secret by its shape:
  /// - `token_endpoint`, any name ending in `endpoint`, with an http(s) URL without user,
  ///   password, query or fragment;
  /// - `code_challenge_methods_supported`, any name ending in `supported`, with `true`,
  ///   `false` or a list of words (`S256`, `client_secret_basic`);
  /// - `token_type`, `token_type_hint`, any name ending in `type` or `hint`, with one word
  ///   (`Bearer`, `refresh_token`, `urn:ietf:params:oauth:token-type:jwt`);
  /// - `error_code` and `status_code` with a number or a snake_case word of letters
  ///   (`invalid_credentials`), and `code` with such a word only inside an object or list
  ///   named `error` or `errors` (the common error envelope, `{"error": {"code": …}}`).
  ///
  /// Never for a name that also names a person's secret (`pass`, `pwd`, `pin`, `otp`,
  /// `secret`: `otp_code`, `pin_type`), nor for a name the app added. A `code` outside an
  /// error object (an OAuth callback's `?code=`, a form's `code=`), a one-time code of digits
  /// (`"code": "123456"`) and a token-shaped word stay redacted.
  /// - Parameters:
  ///   - name: The field's name.
  ///   - value: Its value.
  ///   - inError: Whether the field is inside an object or list named `error` or `errors`.
  /// - Returns: Whether the value may be shown.
  static func isDescriptor(name: String, value: PlainValue, inError: Bool) -> Bool {
    let parts = nameParts(name)
    guard let last = parts.last, !RedactionRules.isAppSensitive(parts) else { return false }
    let personal = ["pass", "pwd", "pin", "otp", "secret"]
    if parts.contains(where: { part in personal.contains { part.contains($0) } }) {
      return false
    }
    switch (last, value) {
    case ("endpoint", .string(let text)):
      return isPlainURL(text)
    case ("supported", .bool):
      return true
    case ("supported", .strings(let words)):
      return words.allSatisfy { isWord($0, extra: "_.:/+-") }
    case ("type", .string(let text)), ("hint", .string(let text)):
      return isWord(text, extra: "_.:+-") && text.first?.isLetter == true
    case ("code", .integer):
      return parts.count == 2 && ["error", "status"].contains(parts[0])
    case ("code", .string(let text)):
      let named = parts.count == 2 && ["error", "status"].contains(parts[0])
      return (named || (parts == ["code"] && inError)) && isErrorCode(text)
    default:
      return false
    }
  }

  /// Whether a container's name says it holds an error (`error`, `errors`, `lastError`).
  static func namesError(_ name: String?) -> Bool {
    guard let name, let last = nameParts(name).last else { return false }
    return last == "error" || last == "errors"
  }

  /// A snake_case code: lower-case letters only (`expired`, `invalid_credentials`), or digits
  /// too in a code of several parts with a letter (`http_404`); never one part holding a
  /// digit, so that `123456` and `a1b2c3` (one-time codes) are not codes.
  private static func isErrorCode(_ text: String) -> Bool {
    let parts = text.split(separator: "_", omittingEmptySubsequences: false)
    guard text.count <= 64, !parts.isEmpty else { return false }
    let shaped = parts.allSatisfy { part in
      !part.isEmpty && part.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) }
    }
    let lettersOnly = text.allSatisfy { ("a"..."z").contains($0) || $0 == "_" }
    return shaped && (lettersOnly || (parts.count > 1 && text.contains { $0.isLetter }))
  }

  /// At most 100 ASCII letters, digits and the `extra` characters, not token-shaped.
  private static func isWord(_ text: String, extra: String) -> Bool {
    guard !text.isEmpty, text.count <= 100, !looksLikeToken(text) else { return false }
    return text.unicodeScalars.allSatisfy { scalar in
      scalar.isASCII
        && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)
          || extra.unicodeScalars.contains(scalar))
    }
  }

  /// An http(s) URL with a host and nothing that could carry a secret.
  private static func isPlainURL(_ text: String) -> Bool {
    guard text.count <= 2048, !text.contains(where: \.isWhitespace),
      let components = URLComponents(string: text),
      let scheme = components.scheme?.lowercased(), scheme == "https" || scheme == "http",
      components.host?.isEmpty == false
    else { return false }
    return components.user == nil && components.password == nil && components.query == nil
      && components.fragment == nil
  }
}
