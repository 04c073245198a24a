import Dispatch
import Foundation
import LoginCore
import UserModel

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#endif

/// A session store that can tell when another process may have changed what it holds, so a
/// running `ServiceUser` reports another process's sign-in, sign-out or renewal through
/// `sessionChanges()` without waiting for its next use of the store.
///
/// Optional: a store that does not adopt it is re-read only when it is used, as before.
/// `ServiceUser` watches once per service, however many listeners it has, while it has
/// any: from the first `sessionChanges()` until the last listener leaves or the service goes
/// away.
public protocol SessionStoreWatching: SessionStore {
  /// A stream that yields whenever the stored session may have changed, by this process or
  /// another. It may yield when nothing changed (the reader compares what it loads); it
  /// yields at most one pending element however many changes came meanwhile. Stopping the
  /// iteration (or cancelling its task) stops the watching and releases what it holds.
  /// - Returns: The stream; one that ends at once when the store cannot be watched.
  func changes() -> AsyncStream<Void>

  /// Reads the stored session after a change without writing anything: a read that cleans up
  /// (removes what looks left over, rewrites an old format) could race the other process's
  /// write it was woken by. `load()` by default.
  /// - Returns: The stored session, or `nil` when none is stored.
  /// - Throws: Like `load()`.
  func loadWithoutWriting() throws(AuthFailure) -> UserSession?
}

extension SessionStoreWatching {
  /// `load()`: a store whose reads write nothing needs no other.
  /// - Returns: What `load()` returns.
  /// - Throws: What `load()` throws.
  public func loadWithoutWriting() throws(AuthFailure) -> UserSession? {
    try load()
  }
}

extension FileSessionStore: SessionStoreWatching {
  /// Watches the session folder with the platform's file-system notification (inotify on
  /// Linux, a dispatch source on Apple platforms), not a timer: every account's file and the
  /// record are entries of that folder, so a change to any of them wakes it. The folder is
  /// created 0700 when missing, as a first save would; a folder this store refuses is not
  /// watched.
  /// - Returns: The stream of possible changes; it ends at once when the folder cannot be
  ///   watched.
  public func changes() -> AsyncStream<Void> {
    let folder = fileURL.deletingLastPathComponent()
    guard (try? SecureFile.makePrivateDirectory(folder)) != nil else {
      return AsyncStream { $0.finish() }
    }
    return FolderWatcher.changes(of: folder.path)
  }
}

/// Follows one folder's entries through a dispatch source on a descriptor the kernel
/// notifies: the source's cancel handler closes it, and cancelling is what ending the stream
/// does, so no thread waits and nothing outlives the stream.
enum FolderWatcher {
  /// A stream yielding after each batch of changes to `folder`'s entries.
  static func changes(of folder: String) -> AsyncStream<Void> {
    let (stream, continuation) = AsyncStream.makeStream(
      of: Void.self, bufferingPolicy: .bufferingNewest(1))
    guard let source = makeSource(folder: folder, continuation: continuation) else {
      continuation.finish()
      return stream
    }
    continuation.onTermination = { _ in source.cancel() }
    source.resume()
    return stream
  }

  private static let queue = DispatchQueue(label: "ServiceUser.FolderWatcher")

  #if canImport(Darwin)
    // Not compiled on this project's Linux CI: kept to the one dispatch call. A write to the
    // folder's vnode is any entry created, renamed into place or removed.
    private static func makeSource(
      folder: String, continuation: AsyncStream<Void>.Continuation
    ) -> WatchSource? {
      let descriptor = open(folder, O_EVTONLY | O_CLOEXEC)
      guard descriptor >= 0 else { return nil }
      let source = DispatchSource.makeFileSystemObjectSource(
        fileDescriptor: descriptor, eventMask: [.write, .delete, .rename, .link], queue: queue)
      source.setEventHandler { continuation.yield() }
      source.setCancelHandler { close(descriptor) }
      return WatchSource(source)
    }
  #elseif canImport(Glibc)
    private static func makeSource(
      folder: String, continuation: AsyncStream<Void>.Continuation
    ) -> WatchSource? {
      let descriptor = inotify_init1(Int32(IN_CLOEXEC | IN_NONBLOCK))
      guard descriptor >= 0 else { return nil }
      // The session file is renamed into place (IN_MOVED_TO), removed by a sign-out
      // (IN_DELETE), or written in place by an older release (IN_CLOSE_WRITE).
      let mask = UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_DELETE | IN_CREATE)
      guard inotify_add_watch(descriptor, folder, mask) >= 0 else {
        close(descriptor)
        return nil
      }
      let source = DispatchSource.makeReadSource(fileDescriptor: descriptor, queue: queue)
      source.setEventHandler {
        drain(descriptor)
        continuation.yield()
      }
      source.setCancelHandler { close(descriptor) }
      return WatchSource(source)
    }

    /// Reads every pending event, so the descriptor stops being readable: their contents
    /// do not matter, the reader re-reads the store.
    private static func drain(_ descriptor: Int32) {
      var buffer = [UInt8](repeating: 0, count: 4096)
      while true {
        // The C boundary: `read` fills the array's bytes.
        let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        if count <= 0 { return }
      }
    }
  #else
    private static func makeSource(
      folder: String, continuation: AsyncStream<Void>.Continuation
    ) -> WatchSource? { nil }
  #endif
}

/// A dispatch source handed to the stream's termination handler.
// @unchecked: a dispatch source is thread-safe; `cancel()` is the only call made on it here.
final class WatchSource: @unchecked Sendable {
  private let source: any DispatchSourceProtocol

  init(_ source: any DispatchSourceProtocol) {
    self.source = source
  }

  func resume() { source.resume() }

  func cancel() { source.cancel() }
}
