import Foundation
import LoginCore
import UserModel
import WireFormat

/// Refresh tokens whose revocation the server did not confirm at sign-out because it could
/// not be reached or failed, kept until it can be told (issue 32's sign-out without a
/// network).
///
/// One small JSON file (`pending-revocations.json`), written like the session file through
/// `SecureFile`: created 0600, in a 0700 folder, replaced with one `rename`, never read
/// through a link, and refused when someone else owns it, others can write it, or it has a
/// second name (a planted queue is never trusted, so nothing in it is sent). The file holds
/// at most `limit` entries (the oldest dropped), each only until its refresh token would
/// have expired anyway, and only what revocation needs: the token, its expiry and the
/// server identity it belongs to. Changes to it are made under `flock` on
/// `pending-revocations.json.lock`, so processes sharing the folder do not lose each
/// other's entries; no network call is made under that lock.
package final class RevocationQueue: Sendable {
  /// One refresh token waiting to be revoked.
  package struct Entry: Codable, Sendable, Equatable, CustomStringConvertible,
    CustomDebugStringConvertible
  {
    /// The refresh token: a secret, never logged (see `description`).
    package var refreshToken: String
    /// When it stops working at the server anyway; the entry is dropped then.
    package var expiresAt: Date
    /// The server identity that issued it (`AuthRemoteAPI.sessionIssuer`): it goes to no
    /// other.
    package var issuer: String?

    /// Creates an entry.
    /// - Parameters:
    ///   - refreshToken: The token to revoke.
    ///   - expiresAt: When it stops working anyway.
    ///   - issuer: The server identity that issued it.
    package init(refreshToken: String, expiresAt: Date, issuer: String?) {
      self.refreshToken = refreshToken
      self.expiresAt = expiresAt
      self.issuer = issuer
    }

    /// Never the token: a queue printed for a log shows no secret.
    package var description: String { "RevocationQueue.Entry(expires: \(expiresAt))" }
    package var debugDescription: String { description }
  }

  private struct Contents: Codable {
    var version: Int
    var entries: [Entry]
  }

  /// The most entries kept; a new one beyond it drops the oldest.
  package static let limit = 16
  /// How long an entry whose token came without a known expiry is kept.
  package static let unknownExpiryLifetime: TimeInterval = 30 * 24 * 60 * 60
  /// A queue of `limit` entries is far smaller; a larger file is damaged.
  private static let sizeLimit = 64 * 1024

  /// The queue file.
  package let fileURL: URL
  /// The task sending the queue now, if any (`ServiceUser.sendQueuedRevocationsSoon()`).
  private let sending = Locked(SendState())

  /// Whether a send runs, which claim it is, and its task once made.
  private struct SendState: Sendable {
    var claimed = false
    /// Counts claims, so a send that ended before its task was recorded is never recorded
    /// over the next one.
    var claim = 0
    var task: Task<Void, Never>?
  }

  /// Creates the queue; nothing is touched on disk until it is used.
  /// - Parameter folder: Its folder: the session folder of a `FileSessionStore`, else a
  ///   folder of its own.
  package init(folder: URL) {
    fileURL = folder.appendingPathComponent("pending-revocations.json", isDirectory: false)
  }

  /// Whether a queue file is there (not whether it can be trusted).
  package var mayHoldEntries: Bool {
    FileManager.default.fileExists(atPath: fileURL.path)
  }

  /// Adds a refresh token; drops expired entries and, past `limit`, the oldest.
  /// A queue file that cannot be trusted is replaced, not read: its entries are never sent.
  /// - Parameters:
  ///   - entry: The token to revoke later.
  ///   - now: The clock's reading.
  /// - Throws: `.unavailable(.storage(_:))`.
  package func add(_ entry: Entry, now: Date) async throws(AuthFailure) {
    try await changing(creating: true) { entries in
      entries = (entries ?? []).filter { $0.refreshToken != entry.refreshToken } + [entry]
      entries = Array(Self.live(entries ?? [], at: now).suffix(Self.limit))
    }
  }

  /// The entries of `issuer` still worth sending, after dropping expired ones.
  /// - Throws: `.unavailable(_)` when the file cannot be trusted or read: nothing is sent.
  package func due(for issuer: String?, at now: Date) async throws(AuthFailure) -> [Entry] {
    var due: [Entry] = []
    try await changing(creating: false) { entries in
      guard let found = entries else { return }
      entries = Self.live(found, at: now)
      due = (entries ?? []).filter { $0.issuer == issuer }
    }
    return due
  }

  /// Removes an entry the server answered for.
  /// - Throws: `.unavailable(_)`.
  package func remove(_ entry: Entry) async throws(AuthFailure) {
    try await changing(creating: false) { entries in
      entries = entries?.filter { $0.refreshToken != entry.refreshToken }
    }
  }

  /// Starts `work` unless a send is running; the caller never waits for it.
  /// - Returns: Whether it started.
  package func startSending(_ work: @escaping @Sendable () async -> Void) -> Bool {
    let claim = sending.withLock { state -> Int? in
      guard !state.claimed else { return nil }
      state.claimed = true
      state.claim += 1
      return state.claim
    }
    guard let claim else { return false }
    // Made outside the lock: the lock only records it.
    let task = Task {
      await work()
      self.sending.withLock { state in
        guard state.claim == claim else { return }
        state.claimed = false
        state.task = nil
      }
    }
    sending.withLock { state in
      if state.claimed, state.claim == claim { state.task = task }
    }
    return true
  }

  /// Waits for the send in flight, if any: for a process about to end.
  package func waitForSending() async {
    await sending.value.task?.value
  }

  private static func live(_ entries: [Entry], at now: Date) -> [Entry] {
    entries.filter { $0.expiresAt > now }
  }

  /// Reads, changes and writes the file under its lock. `body` gets `nil` when there is no
  /// file; `nil` or no entries afterwards removes it. Nothing in `body` calls out.
  private func changing(
    creating: Bool, _ body: (inout [Entry]?) -> Void
  ) async throws(AuthFailure) {
    guard creating || mayHoldEntries else {
      var none: [Entry]? = nil
      body(&none)
      return
    }
    let path = fileURL.path
    try SecureFile.makePrivateDirectory(fileURL.deletingLastPathComponent())
    let lock = try await SecureFile.lock(path + ".lock")
    defer { SecureFile.unlock(lock) }
    var entries: [Entry]?
    do throws(AuthFailure) {
      entries = try read(path)
    } catch {
      // Planted, shared or damaged: never trusted. Adding replaces it (the rename puts a
      // new file in its place); anything else leaves it and sends nothing.
      guard creating else { throw error }
      entries = nil
    }
    let before = entries
    body(&entries)
    guard entries != before else { return }
    guard let entries, !entries.isEmpty else { return try SecureFile.removeFile(path) }
    let data: Data
    do {
      data = try JSONEncoder().encode(Contents(version: 1, entries: entries))
    } catch {
      throw .unavailable(.storage("the revocation queue could not be encoded"))
    }
    try SecureFile.replaceContents(of: path, with: data)
  }

  private func read(_ path: String) throws(AuthFailure) -> [Entry]? {
    switch try SecureFile.contents(of: path, limit: Self.sizeLimit) {
    case .missing: return nil
    case .contents(let data):
      guard let contents = try? JSONDecoder().decode(Contents.self, from: data),
        contents.version == 1
      else { throw .unavailable(.sessionUnreadable("the revocation queue is damaged")) }
      return contents.entries
    }
  }
}
