import Foundation
import Localization

/// The options every command accepts: which server, where the data lives, and the language.
struct GlobalOptions: Sendable, Equatable {
  /// `--server URL`; `nil` means the embedded backend (or the OIDC provider).
  var server: URL?
  /// `--oidc-issuer URL` and its client: sign in with an OpenID Connect provider.
  var oidc: OIDCOptions?
  /// `--data-dir DIR` as typed; `nil` means the environment's or the platform's default.
  var dataDirectory: String?

  /// Reads and checks the global options of a parsed command line.
  /// - Parameter parsed: The split command line.
  /// - Throws: `UsageError` when `--server` is not an http(s) URL with a host, the OIDC
  ///   options are incomplete or come with `--server`, `--data-dir` is empty, or `--lang`
  ///   names neither English nor Simplified Chinese.
  init(_ parsed: ParsedArguments) throws(UsageError) {
    if let text = parsed.values["server"] {
      server = try Self.httpURL(text, option: "server", parsed)
    }
    oidc = try OIDCOptions(parsed)
    if server != nil, oidc != nil {
      throw UsageError(
        message: TextTable.kooberCommands.text("usage.twoServers"),
        command: parsed.commandName)
    }
    if let folder = parsed.values["data-dir"] {
      guard !folder.isEmpty else {
        throw UsageError(
          message: TextTable.kooberCommands.text("usage.dataDirEmpty"), command: parsed.commandName)
      }
      dataDirectory = folder
    }
    // `--lang` was read before parsing (`LanguageOption.chosen`); here it is only checked.
    if let text = parsed.values["lang"], LanguageOption.language(named: text) == nil {
      throw UsageError(
        message: TextTable.kooberCommands.text("usage.lang", ["value": text]),
        command: parsed.commandName)
    }
  }
}

extension GlobalOptions {
  /// An http(s) URL with a host, or the usage error naming the option (`--server`,
  /// `--oidc-issuer`, `--oidc-revocation-url`).
  /// - Parameters:
  ///   - text: The option's value.
  ///   - option: The option's name, without dashes.
  ///   - parsed: The command line, for the usage error.
  /// - Returns: The URL.
  /// - Throws: `UsageError` for anything else.
  static func httpURL(_ text: String, option: String, _ parsed: ParsedArguments)
    throws(UsageError) -> URL
  {
    guard let url = URL(string: text), let scheme = url.scheme?.lowercased(),
      scheme == "http" || scheme == "https", let host = url.host, !host.isEmpty
    else {
      throw UsageError(
        message: TextTable.kooberCommands.text(
          "usage.notHttpUrl", ["option": option, "value": text]),
        command: parsed.commandName)
    }
    return url
  }
}
