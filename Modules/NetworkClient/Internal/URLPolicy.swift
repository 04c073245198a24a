import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Which URLs the client contacts, and how it writes paths and queries into them.
enum URLPolicy {
  /// Why requests below the base URL `url` must be refused, or `nil` when they may go: what
  /// `problem(contacting:allowsInsecureHTTP:)` refuses, and a query or fragment.
  static func problem(with url: URL, allowsInsecureHTTP: Bool) -> NetworkError? {
    if let problem = problem(contacting: url, allowsInsecureHTTP: allowsInsecureHTTP) {
      return problem
    }
    if url.query != nil || url.fragment != nil {
      return .invalidURL("the base URL \(Redactor.describe(url)) has a query or fragment")
    }
    return nil
  }

  /// Why `url` must not be contacted, or `nil` when it may: it needs a scheme and a host, no
  /// user name or password, and `https`, or `http` to a loopback host (any host when
  /// `allowsInsecureHTTP`).
  static func problem(contacting url: URL, allowsInsecureHTTP: Bool) -> NetworkError? {
    guard let scheme = url.scheme?.lowercased(), let host = url.host, !host.isEmpty else {
      return .invalidURL("the URL \(Redactor.describe(url)) has no scheme or host")
    }
    // Checked first, so that no later message prints a URL holding a password.
    if url.user != nil || url.password != nil {
      return .userInfoInURL(host: host)
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
  /// in 127.0.0.0/8, or `::1` (also as the IPv4-mapped `::ffff:127.x.y.z`, and with a zone,
  /// `::1%lo`). Not `*.localhost` and not `localhost.`: a resolver may ask DNS for those, and
  /// DNS may answer with any address.
  ///
  /// Numbers are read the way libcurl's URL parser (`ipv4_normalize`) and the system's
  /// `inet_aton` read them, not strictly: `127.1`, `0x7f.1`, `0177.0.0.1` and `2130706433`
  /// all mean 127.0.0.1 to them, so they are loopback here too, and a request to one never
  /// goes through a proxy. A percent-encoded host is decoded first, as libcurl decodes it.
  /// - Parameter host: a URL's host, an IPv6 address with or without its brackets.
  /// - Returns: whether requests to it stay on this machine.
  static func isLoopback(_ host: String) -> Bool {
    // The usual spellings, answered without parsing: every request asks, for its proxy.
    if host == "127.0.0.1" || host == "localhost" { return true }
    var name = host
    if name.hasPrefix("["), name.hasSuffix("]") { name = String(name.dropFirst().dropLast()) }
    if name.contains(":") {
      // The zone (`%25lo` in a URL, `%lo` once decoded) says which interface, not which
      // address; inet_pton refuses it, libcurl does not.
      let address = name.split(separator: "%", maxSplits: 1).first.map(String.init) ?? name
      return isLoopbackIPv6(address)
    }
    if name.contains("%") { name = name.removingPercentEncoding ?? name }
    name = name.lowercased()
    if name == "localhost" { return true }
    // Every form of an IPv4 number starts with a digit; a name that does not is no number.
    guard let first = name.utf8.first, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first)
    else { return false }
    return ipv4Address(name).map { $0 >> 24 == 127 } ?? false
  }

  private static func isLoopbackIPv6(_ text: String) -> Bool {
    var address = in6_addr()
    guard inet_pton(AF_INET6, text, &address) == 1 else { return false }
    let bytes = withUnsafeBytes(of: address) { Array($0) }
    let mapped = bytes[..<10].allSatisfy { $0 == 0 } && bytes[10] == 0xFF && bytes[11] == 0xFF
    let isOne = bytes[..<15].allSatisfy { $0 == 0 } && bytes[15] == 1
    return isOne || (mapped && bytes[12] == 127)
  }

  /// The IPv4 address `text` means to libcurl and `inet_aton`: one to four parts separated by
  /// dots, each decimal, octal after a leading `0` or hexadecimal after `0x`; the last part
  /// fills the bytes the others left (`a` is 32 bits, `a.b` 8.24, `a.b.c` 8.8.16). `nil` when
  /// it is a name to them.
  static func ipv4Address(_ text: String) -> UInt32? {
    let parts = text.split(separator: ".", omittingEmptySubsequences: false)
    guard (1...4).contains(parts.count) else { return nil }
    var values: [UInt32] = []
    for part in parts {
      guard let value = ipv4Number(part) else { return nil }
      values.append(value)
    }
    guard let last = values.popLast(), values.allSatisfy({ $0 <= 0xFF }) else { return nil }
    let lastBits = 8 * (4 - values.count)
    guard lastBits == 32 || last < UInt32(1) << lastBits else { return nil }
    var address = last
    for (index, value) in values.enumerated() { address |= value << (24 - 8 * index) }
    return address
  }

  /// One part as `strtoul(part, &end, 0)` reads it, when it reads all of it: `nil` for a sign,
  /// a stray letter or a value past 32 bits (libcurl takes such a host as a name).
  private static func ipv4Number(_ part: Substring) -> UInt32? {
    guard let first = part.first, first.isASCII, first.isNumber else { return nil }
    var digits = part
    var radix = 10
    if part.hasPrefix("0x") {
      digits = part.dropFirst(2)
      radix = 16
    } else if first == "0", part.count > 1 {
      digits = part.dropFirst()
      radix = 8
    }
    guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isHexDigit }) else {
      return nil
    }
    return UInt32(digits, radix: radix)
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
