import Foundation
import Localization
import WireFormat

/// One request head a `LoopbackUserAgent` read, and what it makes of it.
struct LoopbackRequest {
  /// What the agent does with a request.
  enum Verdict: Equatable {
    /// The awaited answer: its target (path and query, as sent).
    case answer(String)
    /// Answered with this status and page; the agent keeps waiting.
    case refuse(status: String, page: String?)
  }

  /// The request target, as sent.
  let target: String
  /// Every `Host` header's value.
  let hosts: [String]

  /// Reads a request head (up to and including its blank line); `nil` when it is not a
  /// `GET` with an origin-form target of visible ASCII.
  init?(head: [UInt8]) {
    let lines = head.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
      .map { line in line.last == UInt8(ascii: "\r") ? line.dropLast() : line }
    guard let first = lines.first else { return nil }
    let parts = first.split(separator: UInt8(ascii: " "), omittingEmptySubsequences: false)
    guard parts.count == 3, parts[0].elementsEqual("GET".utf8), parts[1].first == UInt8(ascii: "/"),
      parts[1].allSatisfy({ (0x21...0x7E).contains($0) }), parts[2].starts(with: "HTTP/1.".utf8)
    else { return nil }
    target = String(decoding: parts[1], as: UTF8.self)
    hosts = lines.dropFirst().compactMap { line in
      guard let colon = line.firstIndex(of: UInt8(ascii: ":")),
        String(decoding: line[..<colon], as: UTF8.self).lowercased() == "host"
      else { return nil }
      return String(decoding: line[(colon + 1)...], as: UTF8.self)
        .trimmingCharacters(in: .whitespaces)
    }
  }

  /// What to do with the request, for an agent on `port` waiting at `path` (normalised) for
  /// the answer carrying `state` (any answer when `nil`).
  func verdict(port: Int, path: String, state: String?) -> Verdict {
    // RFC 9112 §3.2: exactly one Host; DNS rebinding names another.
    guard hosts.count == 1 else { return .refuse(status: "400 Bad Request", page: nil) }
    let own = ["127.0.0.1:\(port)", "localhost:\(port)", "[::1]:\(port)"]
    guard own.contains(hosts[0].lowercased()) else {
      return .refuse(status: "421 Misdirected Request", page: nil)
    }
    let parts = target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
    guard Self.normalisedPath(String(parts[0])) == path else {
      return .refuse(status: "404 Not Found", page: nil)
    }
    if let state {
      let query = parts.count > 1 ? String(parts[1]) : ""
      let items = URLComponents(string: "http://h/?" + query)?.queryItems ?? []
      let states = items.filter { $0.name == "state" }
      guard states.count == 1, states[0].value == state else {
        return .refuse(
          status: "400 Bad Request",
          page: LoopbackUserAgent.shortPage(
            TextTable.serviceUserOIDC.text("browser.page.notThisSignIn")))
      }
    }
    return .answer(target)
  }

  /// A path as RFC 3986 §6.2.2 normalises it: percent-encodings in upper case, and those of
  /// unreserved characters decoded. `/a%2fb` becomes `/a%2Fb`, `/%7Eann` becomes `/~ann`.
  static func normalisedPath(_ path: String) -> String {
    let bytes = Array(path.utf8)
    var out = [UInt8]()
    out.reserveCapacity(bytes.count)
    var index = 0
    while index < bytes.count {
      if let value = PercentEscape.octet(in: bytes, at: index) {
        if isUnreserved(value) {
          out.append(value)
        } else {
          out += Array(String(format: "%%%02X", value).utf8)
        }
        index += 3
      } else {
        out.append(bytes[index])
        index += 1
      }
    }
    return String(decoding: out, as: UTF8.self)
  }

  /// RFC 3986 §2.3.
  private static func isUnreserved(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
      UInt8(ascii: "_"), UInt8(ascii: "~"):
      true
    default: false
    }
  }
}
