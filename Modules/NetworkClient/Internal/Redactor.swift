import Foundation

/// Keeps secrets out of every string the module builds for people: error descriptions, log
/// lines, excerpts of bodies. A secret is the value of a JSON field, form field, query item or
/// header whose name has a part saying it holds one (`isSensitive(_:)`, in
/// `Redactor+Names.swift`, or a name the app added with
/// `RedactionRules.addSensitiveNames(_:)`), any value shaped like a token whatever its name (a
/// JWT, or 24 or more characters of a token's alphabet), and a URL's user and password.
package enum Redactor {
  static let placeholder = "<redacted>"

  /// Whether a value looks like a credential whatever its field is called: a JWT (three
  /// base64url segments, dot-separated) or an opaque token (24 or more characters of
  /// letters, digits and `-._~+/=`, no spaces).
  package static func looksLikeToken(_ value: some StringProtocol) -> Bool {
    let scalars = value.unicodeScalars
    guard scalars.count >= 24 else { return false }
    return scalars.allSatisfy { scalar in
      scalar.isASCII
        && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)
          || "-._~+/=".unicodeScalars.contains(scalar))
    }
  }

  /// A form body (`name=value&…`) with every sensitive or token-shaped value replaced.
  static func redactFormText(_ text: String) -> String {
    text.split(separator: "&", omittingEmptySubsequences: false).map { pair in
      guard let equals = pair.firstIndex(of: "=") else { return String(pair) }
      let name = String(pair[..<equals])
      let value = pair[pair.index(after: equals)...]
      let decodedName = name.removingPercentEncoding ?? name
      let decodedValue = String(value).removingPercentEncoding ?? String(value)
      return isHidden(name: decodedName, value: decodedValue)
        ? "\(name)=\(placeholder)" : String(pair)
    }.joined(separator: "&")
  }

  /// A body's text with its secrets replaced: as JSON when it starts like JSON, after any
  /// byte order mark and anti-XSSI prefix (`)]}'`, `)]}',`); else as a form, and then any
  /// JSON inside it (`while(1);{…}`, an HTML page's script) as JSON.
  static func redactBodyText(_ text: String) -> String {
    let start = jsonStart(of: text)
    let first = text.unicodeScalars[start...].first { !$0.properties.isWhitespace }
    if first == "{" || first == "[" || first == "\"" {
      let scalars = text.unicodeScalars
      return String(scalars[..<start]) + redactJSONText(String(scalars[start...]))
    }
    return redactJSONText(redactFormText(text))
  }

  /// Where the JSON of a body would begin: past a byte order mark (U+FEFF), spaces, and an
  /// anti-XSSI prefix `)]}'` (Angular's, Google's) with its optional `,`.
  private static func jsonStart(of text: String) -> String.UnicodeScalarView.Index {
    let scalars = text.unicodeScalars
    var index = scalars.startIndex
    while index < scalars.endIndex,
      scalars[index] == "\u{FEFF}" || scalars[index].properties.isWhitespace
    {
      index = scalars.index(after: index)
    }
    let prefix = ")]}'".unicodeScalars
    guard scalars[index...].starts(with: prefix) else { return index }
    index = scalars.index(index, offsetBy: prefix.count)
    if index < scalars.endIndex, scalars[index] == "," { index = scalars.index(after: index) }
    return index
  }

  /// The text with the value of every sensitive `"name": value` pair replaced, whatever the
  /// value is: a string, a number, or a whole object or array. Works on fragments too: a value
  /// cut off by the end of the text is still replaced, up to that end.
  static func redactJSONText(_ text: String) -> String {
    let scalars = Array(text.unicodeScalars)
    var output = String.UnicodeScalarView()
    var index = 0
    // The key of each open object or list (a list's elements inherit it), and the key whose
    // value comes next: `isDescriptor` shows an error's `code` only inside `error`.
    var containers: [String?] = []
    var pendingKey: String?
    while index < scalars.count {
      guard scalars[index] == "\"" else {
        switch scalars[index] {
        case "{", "[":
          containers.append(pendingKey ?? containers.last ?? nil)
          pendingKey = nil
        case "}", "]": _ = containers.popLast()
        case ",": pendingKey = nil
        default: break
        }
        output.append(scalars[index])
        index += 1
        continue
      }
      let stringStart = index
      index = endOfString(in: scalars, at: stringStart)
      let colon = skipSpaces(in: scalars, from: index)
      let isKey = colon < scalars.count && scalars[colon] == ":"
      // A value shaped like a token is a secret whatever its field is called.
      if !isKey, looksLikeToken(keyName(scalars[stringStart..<index])) {
        output.append(contentsOf: "\"\(placeholder)\"".unicodeScalars)
        continue
      }
      output.append(contentsOf: scalars[stringStart..<index])
      guard isKey else {
        pendingKey = nil
        continue
      }
      let name = keyName(scalars[stringStart..<index])
      pendingKey = name
      guard isSensitive(name) else { continue }
      let valueStart = skipSpaces(in: scalars, from: colon + 1)
      let valueEnd = endOfValue(in: scalars, at: valueStart)
      var literal = String.UnicodeScalarView()
      literal.append(contentsOf: scalars[valueStart..<valueEnd])
      let value = PlainValue(json: String(literal))
      // Its value is then read like any other: a token-shaped word in it is still replaced.
      if isDescriptor(name: name, value: value, inError: namesError(containers.last ?? nil)) {
        continue
      }
      output.append(contentsOf: scalars[index..<valueStart])
      output.append(contentsOf: "\"\(placeholder)\"".unicodeScalars)
      index = valueEnd
    }
    return String(output)
  }

  /// The name a quoted key stands for, escapes (`\u0077`) decoded, so that an escaped name
  /// cannot slip past `isSensitive(_:)`.
  private static func keyName(_ quoted: ArraySlice<Unicode.Scalar>) -> String {
    var literal = String.UnicodeScalarView()
    literal.append(contentsOf: quoted)
    let text = String(literal)
    guard text.contains("\\") else { return String(text.dropFirst().dropLast()) }
    return (try? JSONDecoder().decode(String.self, from: Data(text.utf8))) ?? text
  }

  /// The index just past the string that starts with the quote at `start` (or the end of the
  /// text, for a string cut off).
  private static func endOfString(in scalars: [Unicode.Scalar], at start: Int) -> Int {
    var index = start + 1
    while index < scalars.count {
      switch scalars[index] {
      case "\\": index += 2
      case "\"": return index + 1
      default: index += 1
      }
    }
    return scalars.count
  }

  /// The index just past the JSON value that starts at `start`: a string, a balanced object
  /// or array (strings inside it skipped whole), or a bare number or literal.
  private static func endOfValue(in scalars: [Unicode.Scalar], at start: Int) -> Int {
    guard start < scalars.count else { return start }
    switch scalars[start] {
    case "\"":
      return endOfString(in: scalars, at: start)
    case "{", "[":
      var depth = 0
      var index = start
      while index < scalars.count {
        switch scalars[index] {
        case "\"":
          index = endOfString(in: scalars, at: index)
          continue
        case "{", "[": depth += 1
        case "}", "]":
          depth -= 1
          if depth == 0 { return index + 1 }
        default: break
        }
        index += 1
      }
      return scalars.count
    default:
      var index = start
      while index < scalars.count, !",}] \t\r\n".unicodeScalars.contains(scalars[index]) {
        index += 1
      }
      return index
    }
  }

  private static func skipSpaces(in scalars: [Unicode.Scalar], from start: Int) -> Int {
    var index = start
    while index < scalars.count, scalars[index].properties.isWhitespace { index += 1 }
    return index
  }

  /// A short excerpt of a body for an error: at most `limit` bytes of UTF-8, redacted, with
  /// `…` when cut.
  static func excerpt(of body: Data, limit: Int = NetworkError.excerptLimit) -> String? {
    guard !body.isEmpty else { return nil }
    // Redact a window wider than the limit first, so that cutting cannot expose part of a
    // secret whose closing quote falls past the limit.
    let window = String(decoding: body.prefix(limit * 4), as: UTF8.self)
    let redacted = redactBodyText(window)
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

  /// A URL for people: no user or password, ever, and query items with sensitive names or
  /// token-shaped values have their values replaced.
  static func describe(_ url: URL?) -> String {
    guard let url else { return "<no url>" }
    guard var components = URLComponents(url: url, resolvingAgainstBaseURL: false) else {
      return "<unreadable url>"
    }
    components.user = nil
    components.password = nil
    if let items = components.queryItems, !items.isEmpty {
      components.queryItems = items.map { item in
        URLQueryItem(name: item.name, value: shownValue(of: item))
      }
    }
    return components.string ?? "<unreadable url>"
  }

  /// A query item's value for people: the placeholder for a sensitive name or a
  /// token-shaped value.
  static func shownValue(of item: URLQueryItem) -> String? {
    isHidden(name: item.name, value: item.value ?? "") ? placeholder : item.value
  }

  /// Whether a form field's or query item's value is hidden: a token-shaped value, or a
  /// sensitive name that does not merely describe a secret (`isDescriptor`; outside JSON
  /// nothing is an error object, so `code=` always is hidden).
  private static func isHidden(name: String, value: String) -> Bool {
    looksLikeToken(value)
      || (isSensitive(name) && !isDescriptor(name: name, value: .string(value), inError: false))
  }

  /// Headers for people, sorted by name, with sensitive values replaced.
  static func describe(headers: [String: String]) -> String {
    headers.keys.sorted().map { name in
      let value = headers[name] ?? ""
      return "\(name): \(isSensitive(name) || looksLikeToken(value) ? placeholder : value)"
    }.joined(separator: ", ")
  }
}
