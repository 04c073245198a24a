import Foundation
import WireFormat

/// A request target split into its decoded path segments and query items; nil from the
/// initializer when the target is neither an origin-form path (`/a?b`) nor an `http`
/// absolute-form one (`http://host/a?b`, RFC 9112 §3.2.2), or its escapes are broken.
struct RequestTarget: Sendable {
  let path: String
  /// The decoded segments after the leading slash; `/a/b/` gives `["a", "b", ""]`.
  let segments: [String]
  let queryItems: [QueryItem]
  /// The authority of an absolute-form target, as sent (`host:port`); nil for origin-form.
  let authority: Substring?

  init?(_ target: String) {
    guard let (authority, relative) = Self.split(target) else { return nil }
    let origin = relative.first == "/" ? String(relative) : "/" + relative
    let pieces = origin.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
    let rawPath = pieces.first.map(String.init) ?? ""
    guard rawPath.hasPrefix("/") else { return nil }
    var segments: [String] = []
    for raw in rawPath.dropFirst().split(separator: "/", omittingEmptySubsequences: false) {
      guard let segment = PercentDecoding.decode(raw, plusIsSpace: false) else { return nil }
      segments.append(segment)
    }
    guard let path = PercentDecoding.decode(rawPath[...], plusIsSpace: false) else { return nil }
    var items: [QueryItem] = []
    if pieces.count == 2 {
      for pair in pieces[1].split(separator: "&") {
        let nameAndValue = pair.split(
          separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
        guard
          let name = PercentDecoding.decode(nameAndValue[0], plusIsSpace: true),
          let value = PercentDecoding.decode(
            nameAndValue.count == 2 ? nameAndValue[1] : "", plusIsSpace: true)
        else { return nil }
        items.append(QueryItem(name: name, value: value))
      }
    }
    self.authority = authority
    self.path = path
    self.segments = segments
    self.queryItems = items
  }

  /// The authority of an `http` absolute-form target (nil for origin-form) and the rest, before
  /// anything is decoded; nil when the target is neither form. The `Host` rules need only this.
  static func split(_ target: String) -> (authority: Substring?, relative: Substring)? {
    let scheme = "http://"
    guard target.utf8.count > scheme.utf8.count,
      target.prefix(scheme.count).lowercased() == scheme
    else {
      // An origin-form target must start with `/` itself.
      return target.first == "/" ? (nil, target[...]) : nil
    }
    let rest = target.dropFirst(scheme.count)
    let end = rest.firstIndex { $0 == "/" || $0 == "?" } ?? rest.endIndex
    guard end > rest.startIndex else { return nil }
    // `http://host` and `http://host?q` have the empty path, which is `/` (RFC 9112 §3.2.2).
    return (rest[..<end], rest[end...])
  }
}

/// Percent-decoding of URL components, refusing broken escapes and invalid UTF-8 rather than
/// guessing.
enum PercentDecoding {
  /// The decoded text, or nil when an escape is incomplete or the bytes are not UTF-8.
  static func decode(_ text: Substring, plusIsSpace: Bool) -> String? {
    let utf8 = Array(text.utf8)
    var bytes: [UInt8] = []
    bytes.reserveCapacity(utf8.count)
    var index = 0
    while index < utf8.count {
      let byte = utf8[index]
      if byte == UInt8(ascii: "%") {
        guard let octet = PercentEscape.octet(in: utf8, at: index) else { return nil }
        bytes.append(octet)
        index += 3
      } else {
        bytes.append(plusIsSpace && byte == UInt8(ascii: "+") ? UInt8(ascii: " ") : byte)
        index += 1
      }
    }
    return String(bytes: bytes, encoding: .utf8)
  }
}
