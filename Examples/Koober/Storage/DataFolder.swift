import Foundation

/// Where `koober` keeps everything: the embedded backend's database and, per server, the
/// client's accounts, session, pending sign-in and event log.
///
/// The folder is `--data-dir`, else `KOOBER_DATA_DIR`, else the platform's per-user folder
/// for application data. Every folder Koober creates in it is 0700.
///
/// ```
/// <data>/backend.sqlite                the embedded backend (demo mode) and `koober serve`
/// <data>/embedded/…                     the client's state for the embedded backend
/// <data>/servers/<host>-<port>/…        the client's state for `--server URL`
/// ```
struct DataFolder: Sendable, Equatable {
  /// The folder.
  let url: URL

  /// Picks the folder by the rules above.
  /// - Parameters:
  ///   - option: `--data-dir` as typed, if given; relative paths start at `workingDirectory`.
  ///   - environment: The process environment (`KOOBER_DATA_DIR`, `XDG_DATA_HOME`, `HOME`).
  ///   - workingDirectory: The folder relative paths are resolved against.
  init(option: String?, environment: [String: String], workingDirectory: URL) {
    if let chosen = option ?? environment["KOOBER_DATA_DIR"].flatMap({ $0.isEmpty ? nil : $0 }) {
      url = URL(fileURLWithPath: chosen, isDirectory: true, relativeTo: workingDirectory)
        .standardizedFileURL
    } else {
      url = Self.platformDefault(environment: environment)
    }
  }

  /// The embedded backend's folder: the data folder itself, as `koober serve --data-dir`
  /// uses it, so both serve the same accounts.
  var backendFolder: URL { url }

  /// The client's folder for a server: each server has its own accounts and session.
  /// - Parameter server: `--server`, or `nil` for the embedded backend.
  /// - Returns: The folder's layout.
  func clientFolder(for server: URL?) -> ClientFolder {
    guard let server else {
      return ClientFolder(url: url.appendingPathComponent("embedded", isDirectory: true))
    }
    let scheme = server.scheme?.lowercased() ?? "https"
    let port = server.port ?? (scheme == "http" ? 80 : 443)
    let key = "\(scheme)-\(server.host ?? "server")-\(port)".lowercased()
      .map { $0.isLetter || $0.isNumber || $0 == "." || $0 == "-" ? $0 : "_" }
    return ClientFolder(
      url: url.appendingPathComponent("servers", isDirectory: true)
        .appendingPathComponent(String(key), isDirectory: true))
  }

  /// Creates a folder (and its parents) readable by the user alone, unless it exists.
  /// - Parameter folder: The folder, usually `url` or one inside it.
  /// - Throws: `StorageFailure` when it cannot be created or is not a folder.
  static func createPrivateFolder(_ folder: URL) throws(StorageFailure) {
    var isFolder: ObjCBool = false
    if FileManager.default.fileExists(atPath: folder.path, isDirectory: &isFolder) {
      guard isFolder.boolValue else { throw .folder(folder.path, "a file has that name") }
      return
    }
    do {
      try FileManager.default.createDirectory(
        at: folder, withIntermediateDirectories: true,
        attributes: [.posixPermissions: NSNumber(value: 0o700)])
    } catch {
      throw .folder(folder.path, Self.reason(error))
    }
  }

  /// The short reason inside a file-system error, without Foundation's boilerplate, e.g.
  /// `permission denied` or `the file doesn't exist`.
  static func reason(_ error: any Error) -> String {
    let nsError = error as NSError
    if let posix = nsError.userInfo[NSUnderlyingErrorKey] as? NSError,
      posix.domain == NSPOSIXErrorDomain
    {
      return String(cString: strerror(Int32(truncatingIfNeeded: posix.code))).lowercased()
    }
    if nsError.domain == NSPOSIXErrorDomain {
      return String(cString: strerror(Int32(truncatingIfNeeded: nsError.code))).lowercased()
    }
    // Foundation on Linux often gives only "The operation could not be completed. <why>".
    var text = nsError.localizedDescription
    let boilerplates = [
      "The operation could not be completed.", "The operation couldn’t be completed.",
    ]
    for boilerplate in boilerplates where text.hasPrefix(boilerplate) {
      text.removeFirst(boilerplate.count)
    }
    text = text.trimmingCharacters(in: CharacterSet(charactersIn: ". "))
    guard let first = text.first, !text.contains("NSCocoaErrorDomain") else {
      return "the system could not read or write it (error \(nsError.code))"
    }
    return first.lowercased() + text.dropFirst()
  }

  private static func platformDefault(environment: [String: String]) -> URL {
    let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
    let homeURL = URL(fileURLWithPath: home, isDirectory: true)
    #if canImport(Darwin)
      return homeURL.appendingPathComponent("Library/Application Support/Koober", isDirectory: true)
    #else
      // XDG: only an absolute XDG_DATA_HOME counts; anything else means the default.
      if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") {
        return URL(fileURLWithPath: xdg, isDirectory: true)
          .appendingPathComponent("koober", isDirectory: true)
      }
      return homeURL.appendingPathComponent(".local/share/koober", isDirectory: true)
    #endif
  }
}
