import DatabaseClient
import Foundation
import LoginCore
import WireFormat

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Small POSIX file operations with the permissions a secret needs, used by FileSessionStore.
/// POSIX rather than FileManager because the file must be created 0600 (not created, then
/// narrowed), never opened through a symbolic link, and replaced with one `rename`, so a crash
/// leaves the old file or the new one. The steps themselves are DatabaseClient's
/// `PrivateFiles`, which keep every file of the package private the same way.
enum SecureFile {
  /// What a read found.
  enum ReadResult {
    case missing
    case contents(Data)
  }

  /// Reads a whole file of at most `limit` bytes, without following a symbolic link: a
  /// session read through a link planted at its path would be someone else's.
  /// - Throws: `.unavailable(.sessionUnreadable(_:))` (also for a link, a FIFO or a folder
  ///   at the path, which the next save moves aside, and for a file others could write or
  ///   with a second name: it is not the user's alone, so it is set aside too), and past the
  ///   limit.
  static func contents(of path: String, limit: Int) throws(AuthFailure) -> ReadResult {
    let data: Data
    do {
      guard let descriptor = try PrivateFiles.openForReading(path) else { return .missing }
      defer { _ = close(descriptor) }
      data = try PrivateFiles.read(descriptor, path: path, limit: limit)
    } catch {
      throw .unavailable(.sessionUnreadable(error.reason))
    }
    guard data.count <= limit else {
      throw .unavailable(.sessionUnreadable("the file is larger than a session can be"))
    }
    return .contents(data)
  }

  /// Writes `data` to a new 0600 file beside `path`, flushes it, and renames it over `path`.
  /// The rename replaces the name itself: a link at `path` is never written through.
  ///
  /// The temporary file is held with `flock` from just after its creation until it is
  /// renamed, so `removeLeftovers(of:)` can tell it from one a killed process left: the
  /// system releases a dead process's locks.
  /// - Throws: `.unavailable(.storage(_:))`; the previous file is untouched then.
  static func replaceContents(of path: String, with data: Data) throws(AuthFailure) {
    let (temporary, descriptor) = try createHeldTemporary(beside: path)
    var failure: String?
    do {
      try PrivateFiles.write(data, to: descriptor, path: temporary)
      if fsync(descriptor) != 0 { failure = errorText(errno) }
    } catch {
      failure = error.reason
    }
    if failure == nil, rename(temporary, path) != 0 { failure = errorText(errno) }
    if failure != nil { _ = unlink(temporary) }
    // Closing releases the lock, after the rename: until then the file is a write in progress.
    _ = close(descriptor)
    if let failure { throw .unavailable(.storage(failure)) }
  }

  /// How many times a temporary file is made again when a reader removed it between its
  /// creation and its lock.
  private static let temporaryAttempts = 3

  /// Creates `<path>.tmp-<UUID>` (0600) and locks it; returns its path and descriptor.
  private static func createHeldTemporary(
    beside path: String
  ) throws(AuthFailure) -> (String, Int32) {
    for _ in 0..<temporaryAttempts {
      let temporary = path + ".tmp-" + UUID().uuidString
      let descriptor: Int32
      do {
        descriptor = try PrivateFiles.open(temporary, flags: O_WRONLY)
      } catch {
        throw .unavailable(.storage(error.reason))
      }
      var result: Int32
      repeat { result = flock(descriptor, LOCK_EX) } while result != 0 && errno == EINTR
      var status = stat()
      // A reader may have taken the unlocked file for a leftover and removed it first.
      if result == 0, fstat(descriptor, &status) == 0, status.st_nlink > 0 {
        return (temporary, descriptor)
      }
      _ = close(descriptor)
    }
    throw .unavailable(.storage("the temporary file kept being removed"))
  }

  /// Removes the temporary files `replaceContents(of:with:)` left beside `path` when its
  /// process was killed mid-write (`<name>.tmp-<UUID>`), whatever their age: they may hold a
  /// live session. One a live writer holds (its `flock` is taken) is a write in progress and
  /// stays. Best effort: a file that cannot be removed stays.
  static func removeLeftovers(of path: String) {
    let url = URL(fileURLWithPath: path)
    let prefix = url.lastPathComponent + ".tmp-"
    removeLeftovers(in: url.deletingLastPathComponent()) { $0.hasPrefix(prefix) }
  }

  /// Removes the temporary files of `folder` whose names `isTemporary` accepts, as
  /// `removeLeftovers(of:)` does for one file's: those of files nobody reads any more (an
  /// account's first write, killed before its rename) included.
  static func removeLeftovers(in folder: URL, where isTemporary: (String) -> Bool) {
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else {
      return
    }
    for name in names where isTemporary(name) {
      let leftover = folder.appendingPathComponent(name).path
      let descriptor = open(leftover, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
      guard descriptor >= 0 else {
        // A link or a FIFO with that name is nobody's write in progress either.
        if errno == ELOOP || errno == ENXIO { _ = unlink(leftover) }
        continue
      }
      defer { _ = close(descriptor) }
      guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else { continue }
      var opened = stat()
      var named = stat()
      // Remove only the file just found unheld, not one made under the name meanwhile.
      if fstat(descriptor, &opened) == 0, lstat(leftover, &named) == 0,
        opened.st_dev == named.st_dev, opened.st_ino == named.st_ino
      {
        _ = unlink(leftover)
      }
    }
  }

  /// Opens (0600, created if missing) and exclusively locks `path` with `flock`. A free lock
  /// is taken at once; a held one (another process renewing, say) is waited for on a thread
  /// of its own, never on one of the few threads Swift's concurrency runs on. Dispatch's
  /// global queues are no such place: on Linux they share their threads with Swift's global
  /// executor, so a wait there as long as another process's refresh would hold one of them.
  /// - Returns: The open descriptor, to pass to `unlock(_:)`.
  /// - Throws: `.unavailable(.storage(_:))` when the file cannot be opened or locked.
  static func lock(_ path: String) async throws(AuthFailure) -> Int32 {
    let descriptor = try openLockFile(path)
    if tryLock(descriptor) { return descriptor }
    let locked = await withCheckedContinuation { continuation in
      Thread { continuation.resume(returning: waitForLock(descriptor)) }.start()
    }
    return try lockTaken(locked, descriptor)
  }

  /// `lock(_:)` waiting on the calling thread, which may be one of the cooperative pool's:
  /// only for the account record's lock, taken by synchronous calls
  /// (`AccountSessionStore.updateRecord(_:)`) and held by every process for a few file
  /// operations with no callout inside, so the wait is that short.
  /// - Returns: The open descriptor, to pass to `unlock(_:)`.
  /// - Throws: `.unavailable(.storage(_:))` when the file cannot be opened or locked.
  static func lockBlocking(_ path: String) throws(AuthFailure) -> Int32 {
    let descriptor = try openLockFile(path)
    return try lockTaken(waitForLock(descriptor), descriptor)
  }

  private static func openLockFile(_ path: String) throws(AuthFailure) -> Int32 {
    do {
      return try PrivateFiles.open(path, flags: O_RDWR)
    } catch {
      throw .unavailable(.storage(error.reason))
    }
  }

  /// Takes the lock if nobody holds it, without waiting.
  private static func tryLock(_ descriptor: Int32) -> Bool {
    var result: Int32
    repeat { result = flock(descriptor, LOCK_EX | LOCK_NB) } while result != 0 && errno == EINTR
    return result == 0
  }

  private static func waitForLock(_ descriptor: Int32) -> Bool {
    var result: Int32
    repeat { result = flock(descriptor, LOCK_EX) } while result != 0 && errno == EINTR
    return result == 0
  }

  private static func lockTaken(_ locked: Bool, _ descriptor: Int32) throws(AuthFailure) -> Int32 {
    guard locked else {
      _ = close(descriptor)
      throw .unavailable(.storage("the session lock could not be taken"))
    }
    return descriptor
  }

  /// Releases a lock `lock(_:)` took and closes its file.
  static func unlock(_ descriptor: Int32) {
    _ = flock(descriptor, LOCK_UN)
    _ = close(descriptor)
  }

  /// Removes a file; a missing file is fine.
  /// - Throws: `.unavailable(.storage(_:))`.
  static func removeFile(_ path: String) throws(AuthFailure) {
    if unlink(path) != 0, errno != ENOENT { throw .unavailable(.storage(errorText(errno))) }
  }

  /// Renames a file; used to set an unreadable session aside instead of deleting it.
  /// - Throws: `.unavailable(.storage(_:))`.
  static func moveFile(_ path: String, to destination: String) throws(AuthFailure) {
    if rename(path, destination) != 0 { throw .unavailable(.storage(errorText(errno))) }
  }

  /// Renames a file that cannot be read to `<name>.unreadable-<time>-<random>`, so a write
  /// in its place never destroys it.
  /// - Throws: `.unavailable(.storage(_:))`.
  static func setAside(_ path: String) throws(AuthFailure) {
    let suffix = "\(Int(Date().timeIntervalSince1970))-\(UUID().uuidString.prefix(8))"
    try moveFile(path, to: path + ".unreadable-" + suffix)
  }

  /// Creates a folder and its missing parents 0700 (whatever the umask), and makes the folder
  /// itself 0700 when it already existed, through its descriptor. A folder that belongs to
  /// another user, or a folder above it that another user could swap, is refused.
  /// - Throws: `.unavailable(.storage(_:))`.
  static func makePrivateDirectory(_ url: URL) throws(AuthFailure) {
    do {
      try PrivateFiles.createFolders(url.path, existing: .madePrivate)
    } catch {
      throw .unavailable(.storage("the folder \(error.path) cannot be used (\(error.reason))"))
    }
  }

  private static func errorText(_ code: Int32) -> String {
    String(cString: strerror(code))
  }
}
