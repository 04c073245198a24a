import Foundation

/// Which base URLs the client accepts, and how it writes paths and queries into them.
enum URLPolicy {
  /// Why requests to `url` must be refused, or `nil` when they may go.
  static func problem(with url: URL, allowsInsecureHTTP: Bool) -> NetworkError? {
    guard let scheme = url.scheme?.lowercased(), let host = url.host, !host.isEmpty else {
      return .invalidURL("the base URL \(Redactor.describe(url)) has no scheme or host")
    }
    if url.query != nil || url.fragment != nil {
      return .invalidURL("the base URL \(Redactor.describe(url)) has a query or fragment")
    }
    switch scheme {
    case "https":
      return nil
    case "http":
      return allowsInsecureHTTP || isLoopback(host) ? nil : .insecureURL(host: host)
    default:
      return .invalidURL("the scheme '\(scheme)' is not http or https")
    }
  }

  /// Whether `host` names this machine: `localhost`, 127.0.0.0/8 or `::1`.
  static func isLoopback(_ host: String) -> Bool {
    var name = host.lowercased()
    if name.hasPrefix("["), name.hasSuffix("]") { name = String(name.dropFirst().dropLast()) }
    if name == "localhost" || name.hasSuffix(".localhost") { return true }
    if name == "::1" || name == "0:0:0:0:0:0:0:1" { return true }
    if name.hasPrefix("::ffff:") { name = String(name.dropFirst("::ffff:".count)) }
    let octets = name.split(separator: ".", omittingEmptySubsequences: false)
    guard octets.count == 4 else { return false }
    let values = octets.compactMap { octet -> Int? in
      guard (1...3).contains(octet.count), octet.allSatisfy(\.isASCII) else { return nil }
      return Int(octet).flatMap { (0...255).contains($0) ? $0 : nil }
    }
    return values.count == 4 && values[0] == 127
  }

  /// ASCII unreserved characters (RFC 3986): everything else in a query is percent-encoded,
  /// `+`, `&` and `=` included, so a value can never be read as another item.
  static let queryAllowed = CharacterSet(
    charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")

  /// `path` percent-encoded for a URL path (`/` kept, `?` and `#` encoded).
  static func encodePath(_ path: String) -> String? {
    let rooted = path.hasPrefix("/") ? path : "/" + path
    if rooted.utf8.allSatisfy(isPlainPathByte) { return rooted }
    return rooted.addingPercentEncoding(withAllowedCharacters: pathAllowed)
  }

  /// The query items as `name=value&…`, percent-encoded.
  static func encodeQuery(_ items: [URLQueryItem]) -> String? {
    var parts: [String] = []
    parts.reserveCapacity(items.count)
    for item in items {
      guard let name = item.name.addingPercentEncoding(withAllowedCharacters: queryAllowed)
      else { return nil }
      guard let value = item.value else {
        parts.append(name)
        continue
      }
      guard let encoded = value.addingPercentEncoding(withAllowedCharacters: queryAllowed)
      else { return nil }
      parts.append(name + "=" + encoded)
    }
    return parts.joined(separator: "&")
  }

  private static let pathAllowed: CharacterSet = {
    var allowed = CharacterSet.urlPathAllowed
    allowed.remove(charactersIn: ";")
    return allowed
  }()

  private static func isPlainPathByte(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "/"), UInt8(ascii: "-"),
      UInt8(ascii: "_"), UInt8(ascii: "."), UInt8(ascii: "~"):
      true
    default:
      false
    }
  }
}
