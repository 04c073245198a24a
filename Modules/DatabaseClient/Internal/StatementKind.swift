/// What a statement's first keyword says about the rows it changes, decided once when it is
/// compiled, so that running the usual statements needs one SQLite call to count them.
///
/// SQLite's `sqlite3_changes()` is set when an `INSERT`, `UPDATE`, `DELETE` or `REPLACE`
/// statement completes, to that statement's own count (0 included), so such a statement reads
/// its count straight from it. Any other statement may still change rows behind the scenes
/// (`DROP TABLE` of a table other tables refer to deletes its rows first; a virtual table
/// writes its shadow tables; a function can write) or leave the count of an earlier statement
/// in place, so it compares the connection's running total before and after, as SQLite's own
/// documentation suggests.
@usableFromInline
enum StatementKind: Sendable, Equatable {
  /// `INSERT`, `REPLACE`, `UPDATE` or `DELETE`: `sqlite3_changes()` is its count.
  case changesRows
  /// Anything else: its count is `sqlite3_changes()` only if the running total moved.
  case measured

  /// The kind of the statement `sql` starts with.
  /// - Parameter sql: The statement's text.
  init(sql: String) {
    switch Self.firstKeyword(of: sql) {
    case "INSERT", "REPLACE", "UPDATE", "DELETE": self = .changesRows
    default: self = .measured
    }
  }

  /// The first word of `sql` in upper case, after blanks and `--` or `/* */` comments; empty
  /// when there is none.
  static func firstKeyword(of sql: String) -> String {
    var bytes = sql.utf8[...]
    while let first = bytes.first {
      if first == UInt8(ascii: " ") || (9...13).contains(first) {
        bytes = bytes.dropFirst()
      } else if bytes.starts(with: "--".utf8) {
        bytes = bytes.drop { $0 != UInt8(ascii: "\n") }
      } else if bytes.starts(with: "/*".utf8) {
        let rest = bytes.dropFirst(2)
        guard let end = closingComment(in: rest) else { return "" }
        bytes = rest[end...].dropFirst(2)
      } else {
        break
      }
    }
    let word = bytes.prefix { ($0 | 0x20) >= UInt8(ascii: "a") && ($0 | 0x20) <= UInt8(ascii: "z") }
    // Keywords are at most nine letters; a longer word is none of them.
    guard word.count <= 9 else { return "" }
    return String(decoding: word.map { $0 & ~0x20 }, as: UTF8.self)
  }

  private static func closingComment(in bytes: Substring.UTF8View) -> Substring.UTF8View.Index? {
    var index = bytes.startIndex
    while index != bytes.endIndex {
      let next = bytes.index(after: index)
      if bytes[index] == UInt8(ascii: "*"), next != bytes.endIndex,
        bytes[next] == UInt8(ascii: "/")
      {
        return index
      }
      index = next
    }
    return nil
  }
}
