import Foundation

/// The options every command accepts: which server, and where the data lives.
struct GlobalOptions: Sendable, Equatable {
  /// `--server URL`; `nil` means the embedded backend.
  var server: URL?
  /// `--data-dir DIR` as typed; `nil` means the environment's or the platform's default.
  var dataDirectory: String?

  /// Reads and checks the global options of a parsed command line.
  /// - Parameter parsed: The split command line.
  /// - Throws: `UsageError` when `--server` is not an http(s) URL with a host, or
  ///   `--data-dir` is empty.
  init(_ parsed: ParsedArguments) throws(UsageError) {
    if let text = parsed.values["server"] {
      guard let url = URL(string: text), let scheme = url.scheme?.lowercased(),
        scheme == "http" || scheme == "https", let host = url.host, !host.isEmpty
      else {
        throw UsageError(
          message: "'--server' needs an http:// or https:// URL with a host, not '\(text)'",
          command: parsed.command)
      }
      server = url
    }
    if let folder = parsed.values["data-dir"] {
      guard !folder.isEmpty else {
        throw UsageError(message: "'--data-dir' needs a folder", command: parsed.command)
      }
      dataDirectory = folder
    }
  }
}
