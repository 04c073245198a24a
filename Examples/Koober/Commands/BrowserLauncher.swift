import Foundation
import ServiceUserOIDC

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#endif

/// `$BROWSER`, started with a private page instead of the provider's address: the address
/// carries the sign-in's `state`, nonce and PKCE challenge (or, to sign out, the ID token),
/// and a command line is readable by every local user (`/proc/<pid>/cmdline`, `ps`).
///
/// The page (ServiceUserOIDC's `BrowserPage`) is written 0600 in the client folder (0700) and
/// the browser gets its `file://` address, the one argument, without a shell; the page
/// forwards the browser to the provider. It is removed once the sign-in or sign-out ends.
struct BrowserLauncher: Sendable {
  /// `$BROWSER`: a program, looked up in `PATH` when its name has no slash.
  let program: String
  /// The page's file, with a fresh random name.
  let pageFile: URL
  private let searchPath: String?

  /// A launcher, or `nil` when `BROWSER` is not set.
  /// - Parameters:
  ///   - program: `$BROWSER`.
  ///   - folder: The client folder (private), where the page is written.
  ///   - searchPath: `$PATH`.
  init?(program: String?, folder: URL, searchPath: String?) {
    guard let program, !program.isEmpty else { return nil }
    self.program = program
    self.searchPath = searchPath
    pageFile = folder.appendingPathComponent("browser-\(UUID().uuidString).html")
    Self.removeStalePages(in: folder)
  }

  /// How old a page must be to be taken for a leftover: three times the longest a sign-in
  /// waits for the browser (5 minutes), so no live sign-in's page is removed.
  static let stalePageAge: TimeInterval = 15 * 60

  /// Removes pages a koober stopped by a signal left behind, older than ``stalePageAge``:
  /// `browser-<UUID>.html`, and the temporary copy `PrivateFile.save(_:to:)` writes first
  /// (`browser-<UUID>.html.<UUID>.tmp`), which holds the same state, nonce and challenge (or
  /// ID token) when the kill came between its write and its rename.
  private static func removeStalePages(in folder: URL) {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    let cutoff = Date().addingTimeInterval(-stalePageAge)
    for name in names where isPageName(name) {
      let file = folder.appendingPathComponent(name)
      let attributes = try? FileManager.default.attributesOfItem(atPath: file.path)
      if let modified = attributes?[.modificationDate] as? Date, modified < cutoff {
        try? PrivateFile.remove(file)
      }
    }
  }

  /// Whether `name` is a page's or its temporary copy's.
  static func isPageName(_ name: String) -> Bool {
    guard name.hasPrefix("browser-") else { return false }
    return name.hasSuffix(".html") || (name.contains(".html.") && name.hasSuffix(".tmp"))
  }

  /// Writes the page and starts the browser with it.
  /// - Parameter page: What the browser opens.
  /// - Returns: Whether the page was written and the program started.
  func open(_ page: BrowserPage) -> Bool {
    do {
      try PrivateFile.save(Data(page.html.utf8), to: pageFile)
    } catch {
      return false
    }
    guard let executable = Self.executable(program, path: searchPath) else { return false }
    let process = Process()
    process.executableURL = executable
    process.arguments = [pageFile.absoluteString]
    process.environment = Self.browserEnvironment(ProcessInfo.processInfo.environment)
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    do {
      try process.run()
      return true
    } catch {
      return false
    }
  }

  /// Variables koober reads secrets from: the browser never gets them, since it hands its
  /// environment to every helper, extension host and crash reporter it starts.
  static let secretVariables: Set<String> = ["KOOBER_CLIENT_SECRET"]

  /// The environment the browser is started with: koober's own, without its secrets.
  /// - Parameter environment: koober's environment.
  /// - Returns: `environment` without any of `secretVariables`.
  static func browserEnvironment(_ environment: [String: String]) -> [String: String] {
    environment.filter { !secretVariables.contains($0.key) }
  }

  /// Removes the page; nothing happens when there is none.
  func removePage() {
    try? PrivateFile.remove(pageFile)
  }

  private static func executable(_ name: String, path: String?) -> URL? {
    if name.contains("/") {
      return access(name, X_OK) == 0 ? URL(fileURLWithPath: name) : nil
    }
    for folder in (path ?? "/usr/bin:/bin").split(separator: ":") where !folder.isEmpty {
      let candidate = "\(folder)/\(name)"
      if access(candidate, X_OK) == 0 { return URL(fileURLWithPath: candidate) }
    }
    return nil
  }
}
