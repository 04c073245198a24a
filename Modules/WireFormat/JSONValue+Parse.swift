import Foundation

extension JSONValue {
  /// How much JSON one parse accepts.
  public struct Limits: Sendable, Hashable {
    /// Limits a server can apply to a request body: nesting at most 32 deep, at most 4,096
    /// values.
    public static let requestBody = Limits(maximumDepth: 32, maximumValues: 4_096)
    /// A client's limits for an answer: nesting at most 64 deep, at most 1,000,000 values.
    public static let answer = Limits(maximumDepth: 64, maximumValues: 1_000_000)

    /// The deepest nesting the parser ever allows, whatever `maximumDepth` says: it recurses
    /// once per level, so a larger limit would let a hostile body exhaust the stack.
    public static let deepestSupported = 512

    /// The deepest nesting of arrays and objects; the top level is depth 1. Values above
    /// `deepestSupported` are read as `deepestSupported`.
    public var maximumDepth: Int
    /// The most values (scalars, arrays and objects, every one counted once).
    public var maximumValues: Int

    /// Makes limits.
    /// - Parameters:
    ///   - maximumDepth: The deepest nesting.
    ///   - maximumValues: The most values.
    public init(maximumDepth: Int, maximumValues: Int) {
      self.maximumDepth = maximumDepth
      self.maximumValues = maximumValues
    }

    /// The depth the parser enforces.
    var effectiveDepth: Int { min(maximumDepth, Self.deepestSupported) }
  }

  /// Why a body is not JSON within the limits.
  public enum ParseError: Error, Sendable, Equatable {
    /// Not JSON at this byte offset.
    case malformed(offset: Int)
    /// Nested deeper than the limit.
    case tooDeep(limit: Int)
    /// More values than the limit.
    case tooManyValues(limit: Int)
  }

  /// Parses UTF-8 JSON in time linear in its size, whatever its shape, within `limits`.
  ///
  /// Foundation's `JSONDecoder` has no such limits, and decoding `JSONValue` through it
  /// tries each kind of value in turn; this parser reads every byte once and stops at the
  /// first excess. Numbers are read as `Double`; strings must be valid UTF-8 with RFC 8259's
  /// escapes; duplicate keys keep the last value.
  ///
  /// ```swift
  /// let body = try JSONValue.parse(data, limits: .requestBody)   // 400 malformed_body else
  /// ```
  /// - Parameters:
  ///   - data: The bytes.
  ///   - limits: The depth and value limits.
  /// - Returns: The value.
  /// - Throws: `ParseError`.
  public static func parse(_ data: Data, limits: Limits) throws(ParseError) -> JSONValue {
    var parser = LinearJSONParser(bytes: [UInt8](data), limits: limits)
    return try parser.document()
  }
}

/// A recursive-descent JSON parser bounded by depth (so recursion is bounded too) and by
/// value count; each byte is looked at a constant number of times.
private struct LinearJSONParser {
  let bytes: [UInt8]
  let limits: JSONValue.Limits
  var index = 0
  var values = 0

  init(bytes: [UInt8], limits: JSONValue.Limits) {
    self.bytes = bytes
    self.limits = limits
  }

  mutating func document() throws(JSONValue.ParseError) -> JSONValue {
    skipSpace()
    let value = try value(depth: 1)
    skipSpace()
    guard index == bytes.count else { throw .malformed(offset: index) }
    return value
  }

  private mutating func value(depth: Int) throws(JSONValue.ParseError) -> JSONValue {
    values += 1
    guard values <= limits.maximumValues else {
      throw .tooManyValues(limit: limits.maximumValues)
    }
    guard index < bytes.count else { throw .malformed(offset: index) }
    switch bytes[index] {
    case UInt8(ascii: "{"): return try object(depth: depth)
    case UInt8(ascii: "["): return try array(depth: depth)
    case UInt8(ascii: "\""): return .string(try string())
    case UInt8(ascii: "t"): return try literal("true", .bool(true))
    case UInt8(ascii: "f"): return try literal("false", .bool(false))
    case UInt8(ascii: "n"): return try literal("null", .null)
    default: return .number(try number())
    }
  }

  private mutating func object(depth: Int) throws(JSONValue.ParseError) -> JSONValue {
    guard depth <= limits.effectiveDepth else { throw .tooDeep(limit: limits.effectiveDepth) }
    index += 1
    var fields: [String: JSONValue] = [:]
    skipSpace()
    if peek(UInt8(ascii: "}")) {
      index += 1
      return .object(fields)
    }
    while true {
      skipSpace()
      guard peek(UInt8(ascii: "\"")) else { throw .malformed(offset: index) }
      let key = try string()
      skipSpace()
      guard peek(UInt8(ascii: ":")) else { throw .malformed(offset: index) }
      index += 1
      skipSpace()
      fields[key] = try value(depth: depth + 1)
      skipSpace()
      if peek(UInt8(ascii: ",")) {
        index += 1
        continue
      }
      guard peek(UInt8(ascii: "}")) else { throw .malformed(offset: index) }
      index += 1
      return .object(fields)
    }
  }

  private mutating func array(depth: Int) throws(JSONValue.ParseError) -> JSONValue {
    guard depth <= limits.effectiveDepth else { throw .tooDeep(limit: limits.effectiveDepth) }
    index += 1
    var elements: [JSONValue] = []
    skipSpace()
    if peek(UInt8(ascii: "]")) {
      index += 1
      return .array(elements)
    }
    while true {
      skipSpace()
      elements.append(try value(depth: depth + 1))
      skipSpace()
      if peek(UInt8(ascii: ",")) {
        index += 1
        continue
      }
      guard peek(UInt8(ascii: "]")) else { throw .malformed(offset: index) }
      index += 1
      return .array(elements)
    }
  }

  private mutating func literal(_ word: StaticString, _ value: JSONValue)
    throws(JSONValue.ParseError) -> JSONValue
  {
    let text = word.withUTF8Buffer { Array($0) }
    guard bytes.count - index >= text.count, Array(bytes[index..<index + text.count]) == text
    else { throw .malformed(offset: index) }
    index += text.count
    return value
  }

  private mutating func number() throws(JSONValue.ParseError) -> Double {
    let start = index
    if peek(UInt8(ascii: "-")) { index += 1 }
    let integerStart = index
    let integerDigits = digits()
    // RFC 8259: no leading zeros (`01`).
    guard integerDigits > 0, integerDigits == 1 || bytes[integerStart] != UInt8(ascii: "0")
    else { throw .malformed(offset: start) }
    if peek(UInt8(ascii: ".")) {
      index += 1
      guard digits() > 0 else { throw .malformed(offset: index) }
    }
    if peek(UInt8(ascii: "e")) || peek(UInt8(ascii: "E")) {
      index += 1
      if peek(UInt8(ascii: "+")) || peek(UInt8(ascii: "-")) { index += 1 }
      guard digits() > 0 else { throw .malformed(offset: index) }
    }
    let text = String(decoding: bytes[start..<index], as: UTF8.self)
    guard let value = Double(text), value.isFinite else { throw .malformed(offset: start) }
    return value
  }

  private mutating func digits() -> Int {
    let start = index
    while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) {
      index += 1
    }
    return index - start
  }

  private mutating func string() throws(JSONValue.ParseError) -> String {
    let start = index
    index += 1
    var scalars = String.UnicodeScalarView()
    var runStart = index
    func flush(_ parser: LinearJSONParser, upTo end: Int) throws(JSONValue.ParseError) {
      guard runStart < end else { return }
      guard let run = String(bytes: parser.bytes[runStart..<end], encoding: .utf8) else {
        throw .malformed(offset: runStart)
      }
      scalars.append(contentsOf: run.unicodeScalars)
    }
    while index < bytes.count {
      let byte = bytes[index]
      if byte == UInt8(ascii: "\"") {
        try flush(self, upTo: index)
        index += 1
        return String(scalars)
      }
      guard byte >= 0x20 else { throw .malformed(offset: index) }
      if byte == UInt8(ascii: "\\") {
        try flush(self, upTo: index)
        scalars.append(try escape())
        runStart = index
        continue
      }
      index += 1
    }
    throw .malformed(offset: start)
  }

  /// One escape after a backslash, a surrogate pair as one scalar.
  private mutating func escape() throws(JSONValue.ParseError) -> Unicode.Scalar {
    let start = index
    index += 1
    guard index < bytes.count else { throw .malformed(offset: start) }
    let byte = bytes[index]
    index += 1
    switch byte {
    case UInt8(ascii: "\""): return "\""
    case UInt8(ascii: "\\"): return "\\"
    case UInt8(ascii: "/"): return "/"
    case UInt8(ascii: "b"): return "\u{08}"
    case UInt8(ascii: "f"): return "\u{0C}"
    case UInt8(ascii: "n"): return "\n"
    case UInt8(ascii: "r"): return "\r"
    case UInt8(ascii: "t"): return "\t"
    case UInt8(ascii: "u"):
      let first = try hex4()
      if (0xD800...0xDBFF).contains(first) {
        guard peek(UInt8(ascii: "\\")), index + 1 < bytes.count,
          bytes[index + 1] == UInt8(ascii: "u")
        else { throw .malformed(offset: start) }
        index += 2
        let second = try hex4()
        guard (0xDC00...0xDFFF).contains(second),
          let scalar = Unicode.Scalar(0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00))
        else { throw .malformed(offset: start) }
        return scalar
      }
      guard let scalar = Unicode.Scalar(first) else { throw .malformed(offset: start) }
      return scalar
    default:
      throw .malformed(offset: start)
    }
  }

  private mutating func hex4() throws(JSONValue.ParseError) -> UInt32 {
    guard bytes.count - index >= 4 else { throw .malformed(offset: index) }
    var value: UInt32 = 0
    for byte in bytes[index..<index + 4] {
      let digit: UInt32
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
      default: throw .malformed(offset: index)
      }
      value = value * 16 + digit
    }
    index += 4
    return value
  }

  private func peek(_ byte: UInt8) -> Bool {
    index < bytes.count && bytes[index] == byte
  }

  private mutating func skipSpace() {
    while index < bytes.count,
      [UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r")]
        .contains(bytes[index])
    {
      index += 1
    }
  }
}
