import Foundation
import Testing

/// No code in `Modules/` reads Swift's own memory layout or skips a safety check for speed:
/// unsafe pointers belong at the C boundaries only: SQLite's, where its bytes are lent, and
/// libcurl's, where its callbacks find their transfer (issue 21, finding 4).
@Suite("no code reads Swift's runtime layout")
struct NoLayoutReadsTests {
  /// What undefined behaviour or a skipped check looks like in source.
  static let forbidden = [
    "load(fromByteOffset", "unsafelyUnwrapped", "unsafeDowncast", "@exclusivity(unchecked)",
    "MemoryLayout<any ", "MemoryLayout<(any ", "unsafeBitCast(", "withMemoryRebound",
    "assumingMemoryBound", "ObjectIdentifier(Key.self)", "Unmanaged<",
  ]
  /// The C boundary: each file and the one pattern it may use there, and why.
  static let allowed: [String: Set<String>] = [
    // `SQLITE_TRANSIENT` is the C macro `(sqlite3_destructor_type)-1`.
    "DatabaseClient/Internal/SQLite.swift": ["unsafeBitCast("],
    // libcurl's callbacks carry their transfer as a `void *`; the engine's table of active
    // transfers keeps it alive while libcurl may call back.
    "NetworkClient/Transport/CurlTransfer+Options.swift": ["Unmanaged<"],
  ]

  static var modules: URL {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("Modules")
  }

  /// Every Swift file under `Modules/`, by its path from there.
  static func sources() throws -> [(path: String, text: String)] {
    let root = modules.standardizedFileURL.path
    guard let walker = FileManager.default.enumerator(atPath: root) else { return [] }
    var found: [(String, String)] = []
    while let relative = walker.nextObject() as? String {
      guard relative.hasSuffix(".swift") else { continue }
      found.append((relative, try String(contentsOfFile: root + "/" + relative, encoding: .utf8)))
    }
    return found
  }

  @Test("Modules/ holds none of the layout reads or unchecked shortcuts, outside the C boundary")
  func noLayoutReads() throws {
    let sources = try Self.sources()
    #expect(sources.count > 100, "Modules/ not found at \(Self.modules.path)")
    var offences: [String] = []
    for (path, text) in sources {
      for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false)
        .enumerated()
      {
        // Comments may name what is forbidden.
        let code = line.split(separator: "//", maxSplits: 1).first.map(String.init) ?? ""
        for pattern in Self.forbidden where code.contains(pattern) {
          if Self.allowed[path]?.contains(pattern) == true { continue }
          offences.append("\(path):\(number + 1): \(pattern)")
        }
      }
    }
    #expect(offences.isEmpty, "\(offences.joined(separator: "\n"))")
  }

  @Test("the scan finds a layout read where one is written")
  func scanFindsOne() {
    let line = "let type = slot.load(fromByteOffset: 24, as: UInt.self)"
    #expect(Self.forbidden.contains { line.contains($0) })
  }
}
