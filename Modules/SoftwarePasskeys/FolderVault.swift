import Foundation
import LoginCore
import WebAuthn
import WireFormat

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Credentials in a private folder, one file per relying party and user
/// (`<slot>.passkey`, JSON). The folder is made 0700 and each file 0600 through WireFormat's
/// `PrivateFiles`, the steps the session store and the account database use: a folder
/// another user owns, a file another user owns or can write, a link or a second name in a
/// file's place are refused, never read. A file is replaced with one `rename`, and the folder
/// synced after it, so a crash leaves the old credential or the new one, and a counter once
/// used stays used. A counter's read, increment and save run under `flock` on the folder, so
/// two processes sharing it never sign with one count.
final class FolderVault: CredentialVault {
  /// The folder.
  let folder: URL

  /// The largest credential file read: far above any this authenticator writes.
  private static let fileLimit = 16_384
  private static let suffix = ".passkey"

  init(folder: URL) {
    self.folder = folder
  }

  func credentials(of rpID: String?) throws(AuthFailure) -> [SoftwareCredential] {
    let path = try privateFolder()
    let names: [String]
    do {
      names = try FileManager.default.contentsOfDirectory(atPath: path)
    } catch {
      throw .unavailable(.storage("the passkeys folder cannot be read"))
    }
    var found: [SoftwareCredential] = []
    for name in names.sorted() where name.hasSuffix(Self.suffix) {
      let file = path + "/" + name
      let data: Data
      do {
        guard let descriptor = try PrivateFiles.openForReading(file) else { continue }
        defer { _ = close(descriptor) }
        data = try PrivateFiles.read(descriptor, path: file, limit: Self.fileLimit)
      } catch {
        throw .unavailable(.storage("the passkey \(name) cannot be used (\(error.reason))"))
      }
      // A file over the limit, of a newer layout or that does not parse is no credential of
      // this version's: it is left as it is, for the version that wrote it.
      guard data.count <= Self.fileLimit,
        let credential = try? JSONDecoder().decode(SoftwareCredential.self, from: data),
        credential.layout == SoftwareCredential.layout, rpID == nil || credential.rpID == rpID,
        name == credential.slot + Self.suffix
      else { continue }
      found.append(credential)
    }
    return found
  }

  func save(_ credential: SoftwareCredential) throws(AuthFailure) {
    let path = try privateFolder()
    let file = path + "/" + credential.slot + Self.suffix
    let data: Data
    do {
      data = try JSONEncoder().encode(credential)
    } catch {
      throw .unavailable(.storage("a passkey could not be written"))
    }
    let temporary = file + ".tmp-" + UUID().uuidString
    var failure: String?
    do {
      let descriptor = try PrivateFiles.open(temporary, flags: O_WRONLY)
      defer { _ = close(descriptor) }
      try PrivateFiles.write(data, to: descriptor, path: temporary)
      if fsync(descriptor) != 0 { failure = String(cString: strerror(errno)) }
    } catch {
      failure = error.reason
    }
    // rename replaces the name itself: a link planted at the file's name is never followed.
    if failure == nil, rename(temporary, file) != 0 { failure = String(cString: strerror(errno)) }
    if failure == nil { failure = Self.sync(folder: path) }
    if let failure {
      _ = unlink(temporary)
      throw .unavailable(.storage("a passkey could not be written (\(failure))"))
    }
  }

  func forget(credentialID: Base64URLBytes) throws(AuthFailure) -> Bool {
    let path = try privateFolder()
    // Under the folder's lock, so a sign-in counting up this key cannot save it back after
    // it is gone. Waited for on this thread (forgetting is synchronous): the lock is held for
    // one signature's count and save.
    let descriptor = try Self.lockable(path)
    defer { _ = close(descriptor) }
    var locked: Int32
    repeat { locked = flock(descriptor, LOCK_EX) } while locked != 0 && errno == EINTR
    guard locked == 0 else { throw Self.lockFailure }
    var forgot = false
    for credential in try credentials(of: nil) where credential.credentialID == credentialID {
      guard unlink(path + "/" + credential.slot + Self.suffix) == 0 || errno == ENOENT else {
        throw .unavailable(
          .storage("a passkey could not be removed (\(String(cString: strerror(errno))))"))
      }
      forgot = true
    }
    if forgot, let failure = Self.sync(folder: path) {
      throw .unavailable(.storage("a passkey could not be removed (\(failure))"))
    }
    return forgot
  }

  nonisolated(nonsending) func exclusively<T>(
    _ body: () throws(AuthFailure) -> T
  ) async throws(AuthFailure) -> T {
    let descriptor = try Self.lockable(try privateFolder())
    defer { _ = close(descriptor) }
    // Released by the close above, and by the system when the process dies. Asked without
    // blocking, and waited for suspended: a blocked thread would be one of the few the whole
    // process's concurrency runs on, held for as long as another signature takes.
    while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
      guard errno == EWOULDBLOCK || errno == EINTR else { throw Self.lockFailure }
      // A cancelled task's sleep returns at once: give up rather than spin on the lock.
      do { try await Task.sleep(for: .milliseconds(2)) } catch { throw .refused(.passkeyCancelled) }
    }
    return try body()
  }

  /// The folder opened to be locked: the folder itself is locked, checked private just
  /// before, so there is no lock file to keep. Close it to release the lock.
  /// - Throws: `.unavailable(.storage(_:))` when it cannot be opened.
  private static func lockable(_ path: String) throws(AuthFailure) -> Int32 {
    let descriptor = open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
    guard descriptor >= 0 else {
      throw .unavailable(.storage("the passkeys folder cannot be locked"))
    }
    return descriptor
  }

  private static let lockFailure = AuthFailure.unavailable(
    .storage("the passkeys' lock cannot be held"))

  /// Syncs the folder, so a rename or unlink in it outlives a crash.
  /// - Returns: The system's error, or `nil`.
  private static func sync(folder path: String) -> String? {
    let descriptor = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard descriptor >= 0 else { return String(cString: strerror(errno)) }
    defer { _ = close(descriptor) }
    return fsync(descriptor) == 0 ? nil : String(cString: strerror(errno))
  }

  /// The folder, created 0700 with its missing parents, or made 0700 when it exists and is
  /// the user's; its real path.
  private func privateFolder() throws(AuthFailure) -> String {
    do {
      return try PrivateFiles.createFolders(folder.path, existing: .madePrivate)
    } catch {
      throw .unavailable(
        .storage("the passkeys folder \(error.path) cannot be used (\(error.reason))"))
    }
  }
}
