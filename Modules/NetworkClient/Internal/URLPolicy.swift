import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

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

  /// Whether `host` names this machine without asking anyone: `localhost`, an IPv4 address
  /// in 127.0.0.0/8, or `::1` (also as the IPv4-mapped `::ffff:127.x.y.z`). Not
  /// `*.localhost` and not `localhost.`: a resolver may ask DNS for those, and DNS may answer
  /// with any address. Addresses are read by `inet_pton`, the strict form curl and the
  /// system read too (`127.1` and `0177.0.0.1` are not addresses there, so they are names).
  /// - Parameter host: a URL's host, an IPv6 address with or without its brackets.
  /// - Returns: whether requests to it stay on this machine.
  static func isLoopback(_ host: String) -> Bool {
    var name = host.lowercased()
    if name.hasPrefix("["), name.hasSuffix("]") { name = String(name.dropFirst().dropLast()) }
    if name == "localhost" { return true }
    if name.contains(":") {
      var address = in6_addr()
      guard inet_pton(AF_INET6, name, &address) == 1 else { return false }
      let bytes = withUnsafeBytes(of: &address) { Array($0) }
      let mapped = bytes[..<10].allSatisfy { $0 == 0 } && bytes[10] == 0xFF && bytes[11] == 0xFF
      let isOne = bytes[..<15].allSatisfy { $0 == 0 } && bytes[15] == 1
      return isOne || (mapped && bytes[12] == 127)
    }
    var address = in_addr()
    guard inet_pton(AF_INET, name, &address) == 1 else { return false }
    return withUnsafeBytes(of: &address) { $0.first } == 127
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
