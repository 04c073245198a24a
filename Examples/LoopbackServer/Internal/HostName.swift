import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// RFC 3986's `host [":" port]`, read strictly, and the set of names a server answers to.
enum HostName {
  /// The host of a `Host` value or an authority, in the form names are compared in; nil when
  /// it is not one. Percent escapes are refused although RFC 3986 allows them in a name: no
  /// client needs them, and a name should have one spelling.
  static func parse(_ text: Substring, allowingPort: Bool) -> String? {
    let host: Substring
    let port: Substring
    if text.first == "[" {
      guard let close = text.firstIndex(of: "]") else { return nil }
      host = text[text.index(after: text.startIndex)..<close]
      port = text[text.index(after: close)...]
      guard let address = canonicalIPv6(host) else { return nil }
      return validPort(port, allowed: allowingPort) ? "[\(address)]" : nil
    }
    let colon = text.firstIndex(of: ":") ?? text.endIndex
    host = text[..<colon]
    port = text[colon...]
    guard validPort(port, allowed: allowingPort), !host.isEmpty,
      host.utf8.allSatisfy(isNameByte)
    else { return nil }
    let lowered = host.lowercased()
    // `localhost.` is `localhost`: the trailing dot only says the name is fully qualified.
    guard lowered.hasSuffix("."), lowered.count > 1 else { return lowered }
    return String(lowered.dropLast())
  }

  /// The names a server on `address` answers to under `policy`; nil for any.
  /// - Throws: ``LoopbackServerError/invalidHostName(_:)`` for a configured name that is not
  ///   a host.
  static func accepted(
    by policy: LoopbackServer.HostPolicy, listeningOn address: String
  ) throws(LoopbackServerError) -> Set<String>? {
    guard case .serverNames(let names) = policy else { return nil }
    var accepted: Set<String> = []
    for name in names {
      guard let normalized = parse(name[...], allowingPort: false) else {
        throw .invalidHostName(name)
      }
      accepted.insert(normalized)
    }
    if address == "0.0.0.0" {
      accepted.formUnion(["localhost", "127.0.0.1", "[::1]"])
    } else {
      accepted.insert(address)
      if address.hasPrefix("127.") { accepted.insert("localhost") }
    }
    return accepted
  }

  /// `:` and decimal digits (possibly none, as RFC 3986 allows), or nothing.
  private static func validPort(_ text: Substring, allowed: Bool) -> Bool {
    guard let first = text.first else { return true }
    return allowed && first == ":"
      && text.utf8.dropFirst().allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
  }

  /// RFC 3986's unreserved characters and sub-delims: a `reg-name` or an IPv4 address.
  private static func isNameByte(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"):
      true
    default:
      "-._~!$&'()*+,;=".utf8.contains(byte)
    }
  }

  /// The shortest form of an IPv6 address (`0:0:0:0:0:0:0:1` is `::1`), so two spellings of
  /// one address compare equal; nil when `text` is not one.
  private static func canonicalIPv6(_ text: Substring) -> String? {
    var address = in6_addr()
    guard inet_pton(AF_INET6, String(text), &address) == 1 else { return nil }
    var output = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
    guard inet_ntop(AF_INET6, &address, &output, socklen_t(output.count)) != nil else {
      return nil
    }
    return String(decoding: output.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }
}

extension HostName {
  /// Why a request may not be answered by a server answering `accepted` (the HTTP contract's `400`
  /// for no `Host`, two, or a malformed one; `421` for another server's name), or nil when it may.
  static func refusal(of request: RequestFields, accepted: Set<String>) -> RequestHead.Failure? {
    let fields = request.headers.values(for: "Host")
    guard fields.count == 1 else {
      return .malformed("A request carries exactly one Host header.")
    }
    guard var host = parse(fields[0][...], allowingPort: true) else {
      return .malformed("The Host header is not a host name with an optional port.")
    }
    // RFC 9112 §3.2.2: an absolute-form target's host replaces the Host field's.
    if let authority = request.authority {
      guard let named = parse(authority, allowingPort: true) else {
        return .malformed("The request target's host is not a host name with an optional port.")
      }
      host = named
    }
    guard accepted.contains(host) else {
      return RequestHead.Failure(
        status: 421, code: "misdirected_request",
        message: "This server does not answer to the host name \(host.prefix(200)).")
    }
    return nil
  }
}
