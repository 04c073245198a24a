import Foundation

/// How a `Decodable` type's coding keys find their columns when rows are decoded
/// (``Row/decode(_:keyDecoding:)``, the `fetchAll` methods of ``DatabaseExecutor`` and the
/// other fetches). Like `JSONDecoder.KeyDecodingStrategy`, a strategy turns the *column names*
/// into the names the keys are compared with; a key that matches no converted name is still
/// compared with the column names as they are.
///
/// ```swift
/// struct Note: Decodable { let id: String; let authorName: String; let createdAt: Date }
/// let notes = try db.fetchAll(
///   Note.self, "SELECT id, author_name, created_at FROM notes",
///   keyDecoding: .convertFromSnakeCase)
/// ```
public enum ColumnKeyDecodingStrategy: Sendable {
  /// A key reads the column of its own name (`CodingKeys` with raw values rename them), found
  /// as SQLite finds a column: the exact name first, then ignoring ASCII case. The default.
  case useDefaultKeys
  /// A camelCase key reads the snake_case column: `pickupAddress` reads `pickup_address`.
  /// Exactly as in `JSONDecoder`: the column name's first word is lowercased, each later word
  /// is capitalized (`String.capitalized`), the underscores between words go, and leading and
  /// trailing underscores stay: `_row_id_` is read by the key `_rowId_`.
  case convertFromSnakeCase
  /// `convert` gives, for a column name, the key that reads it.
  case custom(@Sendable (String) -> String)

  /// The key name that reads the column `name`.
  func keyName(forColumn name: String) -> String {
    switch self {
    case .useDefaultKeys: name
    case .convertFromSnakeCase: Self.camelCase(fromSnakeCase: name)
    case .custom(let convert): convert(name)
    }
  }

  /// `JSONDecoder`'s conversion: `pickup_address` → `pickupAddress`, `_row_id_` → `_rowId_`.
  static func camelCase(fromSnakeCase name: String) -> String {
    guard let first = name.firstIndex(where: { $0 != "_" }) else { return name }
    guard let last = name.lastIndex(where: { $0 != "_" }) else { return name }
    let words = name[first...last].split(separator: "_", omittingEmptySubsequences: true)
    guard words.count > 1 else { return name }
    // Foundation's `capitalized`, as JSONDecoder uses it (so `2nd` becomes `2Nd`).
    let joined = words[0].lowercased() + words.dropFirst().map { String($0).capitalized }.joined()
    return String(name[..<first]) + joined + String(name[name.index(after: last)...])
  }
}
