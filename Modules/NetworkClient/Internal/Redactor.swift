import Foundation

/// Keeps secrets out of every string the module builds for people: error descriptions, log
/// lines, excerpts of bodies. A secret is the value of a JSON field, query item or header whose
/// name says it holds a password, a token, a one-time code or a cookie.
enum Redactor {
  static let placeholder = "<redacted>"

  /// Whether a field, query item or header with this name holds a secret.
  static func isSensitive(_ name: String) -> Bool {
    let key = name.lowercased().filter { $0 != "_" && $0 != "-" }
    return key.contains("password") || key.contains("token") || key.contains("secret")
      || key == "code" || key == "otp" || key == "authorization"
      || key == "proxyauthorization" || key.contains("cookie")
  }

  /// The text with the value of every sensitive `"name": value` pair replaced. Works on
  /// fragments too: a string value cut off by the end of the text is still replaced.
  static func redactJSONText(_ text: String) -> String {
    let pair = #/"([^"\\]{1,64})"(\s*:\s*)("(?:[^"\\]|\\.)*(?:"|$)|[-0-9.eE+]+|true|false|null)/#
    return text.replacing(pair) { match in
      let (_, key, separator, value) = match.output
      guard isSensitive(String(key)) else { return "\"\(key)\"\(separator)\(value)" }
      return "\"\(key)\"\(separator)\"\(placeholder)\""
    }
  }

  /// A short excerpt of a body for an error: at most `limit` bytes of UTF-8, redacted, with
  /// `…` when cut.
  static func excerpt(of body: Data, limit: Int = NetworkError.excerptLimit) -> String? {
    guard !body.isEmpty else { return nil }
    // Redact a window wider than the limit first, so that cutting cannot expose part of a
    // secret whose closing quote falls past the limit.
    let window = String(decoding: body.prefix(limit * 4), as: UTF8.self)
    let redacted = redactJSONText(window)
    var utf8 = Array(redacted.utf8)
    let cut = utf8.count > limit || body.count > limit * 4
    if utf8.count > limit {
      utf8 = Array(utf8.prefix(limit))
      // Never end inside a multi-byte character.
      while let last = utf8.last, last & 0xC0 == 0x80 { utf8.removeLast() }
      if let last = utf8.last, last >= 0xC0 { utf8.removeLast() }
    }
    let text = String(decoding: utf8, as: UTF8.self)
    return cut ? text + "…" : text
  }

  /// A URL for people: query items with sensitive names have their values replaced.
  static func describe(_ url: URL?) -> String {
    guard let url else { return "<no url>" }
    guard var components = URLComponents(url: url, resolvingAgainstBaseURL: false),
      let items = components.queryItems, !items.isEmpty
    else { return url.absoluteString }
    components.queryItems = items.map { item in
      isSensitive(item.name) ? URLQueryItem(name: item.name, value: placeholder) : item
    }
    return components.string ?? url.absoluteString
  }

  /// Headers for people, sorted by name, with sensitive values replaced.
  static func describe(headers: [String: String]) -> String {
    headers.keys.sorted().map { name in
      "\(name): \(isSensitive(name) ? placeholder : headers[name] ?? "")"
    }.joined(separator: ", ")
  }
}
