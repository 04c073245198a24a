import Foundation
import Testing

/// The wire format is said once, in Modules/WireFormat: these read the sources of Modules/
/// and Examples/ (as PackageGraphTests reads Package.swift) and fail on a second date
/// parser, JSON value type, `HTTPMethod` or lock anywhere else.
@Suite("No module declares its own date codec, JSON value, HTTPMethod or lock")
struct SingleDeclarationTests {
  /// The package's root folder, from this file's path (Tests/WireFormatTests/…).
  static let root = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  /// What WireFormat alone may declare or use, as regular expressions over one line.
  static let forbidden: [String] = [
    // Dates.
    #"ISO8601DateFormatter"#, #"ISO8601FormatStyle"#, #"\.iso8601\b"#,
    #"\b(enum|struct|class)\s+\w*(Timestamp|DateCodec|DateParser)\b"#,
    // JSON values.
    #"\b(enum|struct|class)\s+JSON(Value|Input)\b"#,
    // HTTP methods.
    #"\b(enum|struct|class)\s+HTTPMethod\b"#,
    // Locks.
    #"\bclass\s+(Locked|Protected)\b"#, #"\bNS(Recursive)?Lock\(\)"#, #"\bNSCondition(Lock)?\(\)"#,
    #"os_unfair_lock"#, #"pthread_mutex"#, #"\bMutex<"#,
  ]

  /// Files outside this branch's part of issue 12, left for the engineers who own them; each
  /// entry goes when its file moves to WireFormat's `Locked` / `WireDate`.
  static let pending: Set<String> = []

  /// Every `.swift` file below `folder`, as paths relative to the package root.
  static func sources(in folder: String) throws -> [String] {
    let base = root.appendingPathComponent(folder)
    let walker = try #require(FileManager.default.enumerator(atPath: base.path))
    return walker.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }
      .map { folder + "/" + $0 }.sorted()
  }

  /// `file:line: text` for each line of `paths` that matches a forbidden pattern.
  static func offences(in paths: [String]) throws -> [String] {
    let patterns = try forbidden.map { try Regex($0) }
    var found: [String] = []
    for path in paths {
      let text = try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
      for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false)
        .enumerated()
      where !line.trimmingCharacters(in: .whitespaces).hasPrefix("//")
        && patterns.contains(where: { line.contains($0) })
      {
        found.append("\(path):\(number + 1): \(line.trimmingCharacters(in: .whitespaces))")
      }
    }
    return found
  }

  @Test("Modules/ and Examples/ hold no second date codec, JSON value, HTTPMethod or lock")
  func noSecondDeclaration() throws {
    let paths = try (Self.sources(in: "Modules") + Self.sources(in: "Examples")).filter {
      !$0.hasPrefix("Modules/WireFormat/") && !Self.pending.contains($0)
    }
    #expect(paths.count > 100, "the walk found too few sources: \(paths.count)")
    #expect(try Self.offences(in: paths) == [])
  }

  @Test("the patterns find what they guard against: the leaf itself is full of them")
  func patternsMatchTheLeaf() throws {
    let leaf = try Self.sources(in: "Modules/WireFormat")
    let found = try Self.offences(in: leaf).joined(separator: "\n")
    for name in ["enum JSONValue", "struct HTTPMethod", "class Locked", "NSLock()"] {
      #expect(found.contains(name), "no line of WireFormat matched \(name)")
    }
  }

  @Test("every pending exception still needs one, so the list only shrinks")
  func pendingStillNeeded() throws {
    for path in Self.pending.sorted() {
      #expect(try !Self.offences(in: [path]).isEmpty, "\(path) is clean: remove it from pending")
    }
  }
}
