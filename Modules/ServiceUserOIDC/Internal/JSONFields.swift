import Foundation
import WireFormat

/// The top-level members of a JSON object a provider sent: discovery documents, token
/// answers, error answers and userinfo all are one flat object whose members this adapter
/// reads by name, of a type it checks; anything else is ignored.
///
/// The body is read by WireFormat's `JSONValue` parser, which keeps JSON's own types:
/// Foundation's `JSONSerialization` hands back `NSNumber` for `true` and `1` alike, so
/// `1 as? Bool` is `true` and `true` reads as one second.
struct JSONFields {
  private let object: [String: JSONValue]

  /// Reads a JSON object.
  /// - Parameter data: The body; bounded by the caller.
  /// - Returns: `nil` when the body is not JSON (UTF-8, a byte-order mark allowed) or not an
  ///   object.
  init?(_ data: Data) {
    let bom = Data([0xEF, 0xBB, 0xBF])
    let body = data.starts(with: bom) ? data.dropFirst(bom.count) : data
    guard case .object(let object)? = try? JSONValue.parse(Data(body), limits: .answer)
    else { return nil }
    self.object = object
  }

  /// A string member, or `nil` when it is missing, not a string or empty.
  /// - Parameter name: The member's name.
  /// - Returns: The string.
  func string(_ name: String) -> String? {
    guard case .string(let text)? = object[name], !text.isEmpty else { return nil }
    return text
  }

  /// A number of seconds, from a JSON number or a numeric string (some providers send
  /// `"3600"`), or `nil` when missing or not a finite number.
  /// - Parameter name: The member's name.
  /// - Returns: The number.
  func seconds(_ name: String) -> Double? {
    let number: Double? =
      switch object[name] {
      case .number(let value)?: value
      case .string(let value)?: Double(value.trimmingCharacters(in: .whitespaces))
      default: nil
      }
    guard let number, number.isFinite else { return nil }
    return number
  }

  /// An array of strings (its other elements skipped), or `nil` when the member is missing
  /// or not an array.
  /// - Parameter name: The member's name.
  /// - Returns: The strings.
  func strings(_ name: String) -> [String]? {
    guard case .array(let values)? = object[name] else { return nil }
    return values.compactMap(\.stringValue)
  }

  /// Whether a member is JSON's `true`; missing, `false` or any other value (`1`, `"true"`)
  /// is `false`.
  /// - Parameter name: The member's name.
  /// - Returns: The flag.
  func flag(_ name: String) -> Bool {
    object[name] == .bool(true)
  }

  /// Whether the object has a member of this name, whatever its value.
  /// - Parameter name: The member's name.
  /// - Returns: `true` when present (`null` included).
  func contains(_ name: String) -> Bool {
    object[name] != nil
  }
}
