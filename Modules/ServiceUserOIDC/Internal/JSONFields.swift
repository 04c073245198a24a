import Foundation

/// The top-level members of a JSON object a provider sent: discovery documents, token
/// answers, error answers and userinfo all are one flat object whose members this adapter
/// reads by name, of a type it checks; anything else is ignored.
struct JSONFields {
  private let object: [String: Any]

  /// Reads a JSON object.
  /// - Parameter data: The body; bounded by the caller.
  /// - Returns: `nil` when the body is not JSON or not an object.
  init?(_ data: Data) {
    guard let value = try? JSONSerialization.jsonObject(with: data),
      let object = value as? [String: Any]
    else { return nil }
    self.object = object
  }

  /// A string member, or `nil` when it is missing, not a string or empty.
  /// - Parameter name: The member's name.
  /// - Returns: The string.
  func string(_ name: String) -> String? {
    guard let text = object[name] as? String, !text.isEmpty else { return nil }
    return text
  }

  /// A number of seconds, from a JSON number or a numeric string (some providers send
  /// `"3600"`), or `nil` when missing or not a finite number.
  /// - Parameter name: The member's name.
  /// - Returns: The number.
  func seconds(_ name: String) -> Double? {
    let number: Double? =
      switch object[name] {
      case let value as NSNumber: value.doubleValue
      case let value as String: Double(value.trimmingCharacters(in: .whitespaces))
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
    guard let values = object[name] as? [Any] else { return nil }
    return values.compactMap { $0 as? String }
  }

  /// Whether a member is `true`; missing, `false` or any other value is `false`.
  /// - Parameter name: The member's name.
  /// - Returns: The flag.
  func flag(_ name: String) -> Bool {
    (object[name] as? Bool) == true
  }

  /// Whether the object has a member of this name, whatever its value.
  /// - Parameter name: The member's name.
  /// - Returns: `true` when present (`null` included).
  func contains(_ name: String) -> Bool {
    object[name] != nil
  }
}
