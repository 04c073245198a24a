import Foundation
import KooberBackend
import Localization

/// `koober serve`'s relying-party options: `--rp-id`, `--rp-name`, `--origin` (repeatable).
extension OptionReader {
  /// `--rp-id ID`: a host name (a registrable domain, or `localhost`), lower case;
  /// `localhost` when not given.
  func relyingPartyID() throws(UsageError) -> String {
    guard let text = parsed.values["rp-id"] else { return "localhost" }
    // An RP ID is a domain: an IP address or a name with a scheme, port or path is not one.
    guard let name = KooberBackend.normalizedHostName(text), name == text.lowercased(),
      name.contains(where: \.isLetter), !name.contains(":")
    else {
      throw UsageError(
        message: TextTable.kooberCommands.text("usage.rpID", ["value": text]),
        command: commandName)
    }
    return name
  }

  /// `--rp-name NAME`: the name authenticators show; `Koober` when not given.
  func relyingPartyName() throws(UsageError) -> String {
    guard let text = parsed.values["rp-name"] else { return "Koober" }
    let trimmed = text.trimmingCharacters(in: .whitespaces)
    guard !trimmed.isEmpty,
      !text.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
    else {
      throw UsageError(
        message: TextTable.kooberCommands.text("usage.rpName"), command: commandName)
    }
    return trimmed
  }

  /// Every `--origin URL`: origins as a browser serializes them (`https://host[:port]`,
  /// lower case, no path), since client data is compared with them exactly; none when not
  /// given (the backend then accepts `https://<RP ID>`). `http://` only for `localhost` or a
  /// loopback address: a browser offers WebAuthn to secure contexts only.
  func origins() throws(UsageError) -> [String] {
    try (parsed.repeatedValues["origin"] ?? []).map { text throws(UsageError) in
      // Lower case as a whole: URLComponents may lower-case the host it reads.
      guard text == text.lowercased(), let parts = URLComponents(string: text),
        let scheme = parts.scheme,
        ["https", "http"].contains(scheme), let host = parts.host, !host.isEmpty,
        parts.path.isEmpty, parts.query == nil, parts.fragment == nil, parts.user == nil,
        text == "\(scheme)://\(host)" + (parts.port.map { ":\($0)" } ?? "")
      else {
        throw UsageError(
          message: TextTable.kooberCommands.text("usage.origin", ["value": text]),
          command: commandName)
      }
      guard scheme == "https" || Self.isLoopback(host) else {
        throw UsageError(
          message: TextTable.kooberCommands.text("usage.originInsecure", ["value": text]),
          command: commandName)
      }
      return text
    }
  }

  /// Whether a browser counts `host` as this machine: `localhost` or a name under it, an
  /// IPv4 address in 127.0.0.0/8, or `[::1]` (W3C Secure Contexts, potentially trustworthy).
  static func isLoopback(_ host: String) -> Bool {
    if host == "localhost" || host.hasSuffix(".localhost") { return true }
    if host == "[::1]" || host == "::1" { return true }
    let parts = host.split(separator: ".", omittingEmptySubsequences: false)
    guard parts.count == 4, parts.first == "127" else { return false }
    return parts.allSatisfy { part in
      !part.isEmpty && part.count <= 3 && part.allSatisfy(\.isASCII) && part.allSatisfy(\.isNumber)
        && (Int(part) ?? 256) <= 255
    }
  }
}
