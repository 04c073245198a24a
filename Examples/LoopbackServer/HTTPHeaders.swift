import Foundation

/// An ordered list of header fields with case-insensitive lookup by name.
///
/// ```swift
/// var headers: HTTPHeaders = ["Content-Type": "application/json"]
/// headers["content-type"]  // "application/json"
/// headers.add("Set-Cookie", "a=1")
/// ```
public struct HTTPHeaders: Sendable, Equatable, Sequence, ExpressibleByDictionaryLiteral {
  /// The fields in the order they were received or added, names as written.
  public private(set) var fields: [(name: String, value: String)]

  /// Creates headers from fields in order.
  /// - Parameter fields: Name and value pairs; repeated names are kept.
  public init(_ fields: [(name: String, value: String)] = []) {
    self.fields = fields
  }

  /// Creates headers from a literal such as `["Retry-After": "300"]`.
  /// - Parameter elements: Name and value pairs.
  public init(dictionaryLiteral elements: (String, String)...) {
    self.fields = elements.map { (name: $0.0, value: $0.1) }
  }

  /// The first value for `name` (compared case-insensitively); setting replaces every field of
  /// that name, and setting nil removes them.
  /// - Parameter name: The header name.
  public subscript(name: String) -> String? {
    get { fields.first { Self.same($0.name, name) }?.value }
    set {
      let index = fields.firstIndex { Self.same($0.name, name) }
      fields.removeAll { Self.same($0.name, name) }
      guard let newValue else { return }
      fields.insert((name, newValue), at: Swift.min(index ?? fields.count, fields.count))
    }
  }

  /// Every value for `name`, in order.
  /// - Parameter name: The header name, compared case-insensitively.
  /// - Returns: The values; empty when the header is absent.
  public func values(for name: String) -> [String] {
    fields.filter { Self.same($0.name, name) }.map(\.value)
  }

  /// Whether a field called `name` is present.
  /// - Parameter name: The header name, compared case-insensitively.
  /// - Returns: True when at least one field has that name.
  public func contains(_ name: String) -> Bool {
    fields.contains { Self.same($0.name, name) }
  }

  /// Appends a field, keeping any earlier field of the same name.
  /// - Parameters:
  ///   - name: The header name.
  ///   - value: The header value.
  public mutating func add(_ name: String, _ value: String) {
    fields.append((name, value))
  }

  /// Iterates the fields in order.
  /// - Returns: An iterator over name and value pairs.
  public func makeIterator() -> IndexingIterator<[(name: String, value: String)]> {
    fields.makeIterator()
  }

  /// Fields equal in order, names compared case-insensitively and values exactly.
  public static func == (lhs: HTTPHeaders, rhs: HTTPHeaders) -> Bool {
    lhs.fields.count == rhs.fields.count
      && zip(lhs.fields, rhs.fields).allSatisfy { same($0.name, $1.name) && $0.value == $1.value }
  }

  private static func same(_ lhs: String, _ rhs: String) -> Bool {
    lhs.caseInsensitiveCompare(rhs) == .orderedSame
  }
}
