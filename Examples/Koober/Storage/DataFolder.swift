import DatabaseClient
import Foundation
import KooberBackend
import ServiceUserKoober
import ServiceUserOIDC
import WireFormat

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Where `koober` keeps everything: the embedded backend's database and, per server, the
/// client's accounts, session, pending sign-in and event log.
///
/// The folder is `--data-dir`, else `KOOBER_DATA_DIR`, else the platform's per-user folder
/// for application data.
///
/// Everything Koober creates in it is private, whatever the umask and even when the person
/// made the folder itself 0755: folders 0700, files 0600 (the SQLite `-wal` and `-shm` files
/// too). What someone made there before is checked at every start, before anything is
/// written (`createPrivateFolder(_:chosenByPerson:)`): another user's folder or file, a file
/// others could write, and a link of another user on the way are refused with one sentence
/// saying what to do; the person's own are made private. Once checked, the folder is used by
/// its real path, so no link on the way can be repointed under koober. No file is read or
/// written through a symbolic link: a link, FIFO or folder in a file's place is renamed
/// `<name>.moved-aside-<UTC time>` beside it, its target untouched, and a fresh file is made
/// (`PrivateFile`, and DatabaseClient's `Database` for databases).
///
/// ```
/// <data>/backend.sqlite                the embedded backend (demo mode) and `koober serve`
/// <data>/embedded/…                     the client's state for the embedded backend
/// <data>/servers/<scheme>-<host>-<port>[-<digest>]/…
///                                       the client's state for one server identity
///                                       (`--server URL`; `oidc-…` for an issuer and client)
/// ```
struct DataFolder: Sendable, Equatable {
  /// The folder.
  let url: URL
  /// Whether the person chose it (`--data-dir`, `KOOBER_DATA_DIR`): a folder among their own
  /// files, whose mode koober narrows only when others can write it. The platform's folder
  /// is koober's own and made 0700.
  let isChosen: Bool

  /// Picks the folder by the rules above.
  /// - Parameters:
  ///   - option: `--data-dir` as typed, if given; relative paths start at `workingDirectory`.
  ///   - environment: The process environment (`KOOBER_DATA_DIR`, `XDG_DATA_HOME`, `HOME`).
  ///   - workingDirectory: The folder relative paths are resolved against.
  init(option: String?, environment: [String: String], workingDirectory: URL) {
    if let chosen = option ?? environment["KOOBER_DATA_DIR"].flatMap({ $0.isEmpty ? nil : $0 }) {
      url = URL(fileURLWithPath: chosen, isDirectory: true, relativeTo: workingDirectory)
        .standardizedFileURL
      isChosen = true
    } else {
      url = Self.platformDefault(environment: environment)
      isChosen = false
    }
  }

  private init(url: URL, isChosen: Bool) {
    self.url = url
    self.isChosen = isChosen
  }

  /// Creates the folder and makes it private (`createPrivateFolder(_:chosenByPerson:)`).
  /// - Returns: The same folder by its real path, to use from then on.
  /// - Throws: `StorageFailure` when it cannot be created, is not a folder, or is refused.
  func prepared() throws(StorageFailure) -> DataFolder {
    let real = try Self.createPrivateFolder(url, chosenByPerson: isChosen)
    return DataFolder(url: real, isChosen: isChosen)
  }

  /// The embedded backend's folder: the data folder itself, as `koober serve --data-dir`
  /// uses it, so both serve the same accounts.
  var backendFolder: URL { url }

  /// The client's folder for a server: each server identity has its own accounts and
  /// session, which only ever go to that identity.
  /// - Parameter server: `--server`, or `nil` for the embedded backend.
  /// - Returns: The folder's layout.
  func clientFolder(for server: URL?) -> ClientFolder {
    guard let server else {
      return ClientFolder(url: url.appendingPathComponent(Self.embeddedName, isDirectory: true))
    }
    return clientFolder(key: "", server, identity: KooberAuthAPI.identity(ofServer: server))
  }

  /// The client's files for an OpenID Connect provider (`--oidc-issuer` and its client),
  /// apart from any Koober server on the same host and any other issuer or client there.
  /// - Parameters:
  ///   - issuer: The issuer, exactly as given.
  ///   - clientID: The client ID.
  /// - Returns: The provider's folder (not created).
  func clientFolder(forIssuer issuer: URL, clientID: String) -> ClientFolder {
    clientFolder(
      key: "oidc-", issuer, identity: OIDCAuthAPI.identity(issuer: issuer, clientID: clientID))
  }

  /// The client folder of a global options' server: `--oidc-issuer`, `--server`, or the
  /// embedded backend.
  /// - Parameter global: The global options.
  /// - Returns: The folder (not created).
  func clientFolder(for global: GlobalOptions) -> ClientFolder {
    if let oidc = global.oidc {
      return clientFolder(forIssuer: oidc.issuer, clientID: oidc.clientID)
    }
    return clientFolder(for: global.server)
  }

  /// The folder of one identity. The first identity to use a scheme, host and port keeps the
  /// folder named after them (so a folder made before identities were recorded, which has
  /// none recorded, is adopted by it); another identity on the same host gets that name
  /// followed by a digest of itself. A folder recorded for another identity is never used,
  /// changed or deleted.
  private func clientFolder(key prefix: String, _ server: URL, identity: String)
    -> ClientFolder
  {
    let scheme = server.scheme?.lowercased() ?? "https"
    let port = server.port ?? (scheme == "http" ? 80 : 443)
    let key = "\(prefix)\(scheme)-\(server.host ?? "server")-\(port)".lowercased()
      .map { $0.isLetter || $0.isNumber || $0 == "." || $0 == "-" ? $0 : "_" }
    let servers = url.appendingPathComponent(Self.serversName, isDirectory: true)
    let shared = ClientFolder(
      url: servers.appendingPathComponent(String(key), isDirectory: true), identity: identity)
    switch shared.recordedIdentity {
    case .none, .some(identity): return shared
    default:
      return ClientFolder(
        url: servers.appendingPathComponent(
          String(key) + "-" + Self.digest(identity), isDirectory: true),
        identity: identity)
    }
  }

  /// A stable 64-bit FNV-1a digest of a text, in hex: a folder name, not a secret.
  static func digest(_ text: String) -> String {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in text.utf8 {
      hash ^= UInt64(byte)
      hash = hash &* 0x0000_0100_0000_01b3
    }
    return String(hash, radix: 16)
  }

  /// Creates a folder and its missing parents, each readable by the user alone (0700,
  /// whatever the umask), then makes what koober keeps in it private, before anything is
  /// written there (`PrivateFiles+Ownership`'s rules):
  ///
  /// - the folder, each file koober keeps in it and everything in the folders koober keeps
  ///   in it must be the person's: another user's is refused with one sentence naming it;
  /// - a file others could write (a `-wal` they may hold open, or have written frames into)
  ///   or one with a second name (a hard link) is refused, not narrowed: the sentence says
  ///   to remove it after checking it;
  /// - the person's own are narrowed through their descriptors: the folder becomes 0700
  ///   (a data folder the person chose, only when others can write it: it is among their
  ///   own files), every folder koober keeps in it (`embedded`, `servers/…`, `users`,
  ///   `session`) 0700, a file others can read 0600 (the backend's `-wal` and `-shm`
  ///   included, before SQLite opens them);
  /// - each folder holding it, up to `/`, must be root's or the person's and writable by
  ///   nobody else unless sticky (`/tmp`), and each symbolic link on the way must be root's
  ///   or the person's; what is not is refused, never changed.
  ///
  /// Other files beside koober's (a data folder chosen among the person's files) are left
  /// as they are.
  /// - Parameters:
  ///   - folder: The data folder or a client folder in it.
  ///   - chosenByPerson: Whether the person chose the folder (`DataFolder/isChosen`).
  /// - Returns: The folder's real path (no link in it), checked: use it from then on.
  /// - Throws: `StorageFailure` when it cannot be created, is not a folder, or is refused.
  @discardableResult
  static func createPrivateFolder(
    _ folder: URL, chosenByPerson: Bool = false
  ) throws(StorageFailure) -> URL {
    let real: String
    do {
      real = try PrivateFiles.createFolders(
        folder.path, existing: chosenByPerson ? .narrowedWhenWritable : .madePrivate)
    } catch {
      throw StorageFailure.unsafeFolder(error) ?? .folder(folder.path, StorageReason.of(error))
    }
    let resolved = URL(fileURLWithPath: real, isDirectory: true)
    try makeContentsPrivate(resolved)
    return resolved
  }

  /// The private-file rule on koober's files in `folder`, and the private-folder rule on the
  /// folders that are koober's alone.
  private static func makeContentsPrivate(_ folder: URL) throws(StorageFailure) {
    let client = ClientFolder(url: folder)
    let backend = KooberBackend.Configuration(dataDirectory: folder).databaseURL
    let databases = [backend.path, client.accountDatabase.path].flatMap { database in
      [database] + Database.companionSuffixes.map { database + $0 }
    }
    let files =
      databases + [client.eventLog, client.identityFile, client.pendingSignIn].map(\.path)
    // Everything in these is koober's.
    let folders = [Self.embeddedName, Self.serversName].map {
      folder.appendingPathComponent($0, isDirectory: true)
    } + [client.sessionFolder, client.usersFolder]
    do {
      for file in files { try PrivateFiles.makeFilePrivate(file) }
      for inner in folders { try PrivateFiles.makeTreePrivate(inner.path) }
    } catch {
      var status = stat()
      let isFolder = lstat(error.path, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR
      if isFolder, let unsafe = StorageFailure.unsafeFolder(error) { throw unsafe }
      throw isFolder
        ? .folder(error.path, StorageReason.of(error))
        : .file(error.path, StorageReason.of(error))
    }
  }

  /// The client folder of the embedded backend, in the data folder.
  private static let embeddedName = "embedded"
  /// The folder of the client folders of servers and providers, in the data folder.
  private static let serversName = "servers"

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
