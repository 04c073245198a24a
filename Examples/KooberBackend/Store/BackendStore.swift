import DatabaseClient
import Foundation
import WireFormat

/// The backend's SQLite database and the rules that need it, shared by every route group.
///
/// Each operation is one short transaction on the one connection `Database` keeps, so
/// concurrent requests see each other's changes whole (a refresh token can be spent once).
/// Slow work (PBKDF2) happens outside any transaction, in the bounded `hashingSlots`.
final class BackendStore: Sendable {
  /// Every step of the schema, oldest first; the ride routes append theirs. Never edit a step.
  static let migrations: [Migration] = [
    Migration("accounts, tokens, challenges, lockout, outbox", sql: BackendSchema.accounts),
    Migration("rides", sql: RideSchema.rides),
    Migration("passkeys, user handles, passkey flows", sql: PasskeySchema.passkeys),
  ]

  let database: Database
  let configuration: KooberBackend.Configuration
  let hasher: PasswordHasher
  /// Where every password hash runs: a bounded number at once, a short queue, then `503`.
  let hashingSlots: HashingSlots
  /// Sign-in attempts being evaluated now, per email, reserved and released by the lockout
  /// under this lock (see `BackendStore+Lockout`). In memory only: a crash loses none of the
  /// failures, which are in SQLite, and leaves no email stuck.
  let attemptsInFlight = Locked<[String: Int]>([:])
  /// How many stored hashes have each iteration count; the most common count prices the decoy
  /// hash (see `BackendStore+Passwords`).
  let storedIterations: Locked<[Int: Int]>
  /// The answers of refreshes inside their window (`BackendStore+Tokens.swift`).
  let refreshAnswers: RefreshAnswers
  /// Why the latest passkey credentials were refused, newest last (at most 32): every
  /// refusal answers the same `invalid_passkey`, so tests and diagnostics read the check here.
  let recentPasskeyRefusals = Locked<[PasskeyRefusal]>([])
  /// How many passkey signatures were checked, stand-in ones included (tests).
  let signatureChecks = Locked(0)

  /// Opens (creating when missing) and migrates the database.
  /// - Parameter configuration: where the database lives and the security parameters.
  /// - Throws: `KooberBackendError` `.database` when the file cannot be opened or migrated.
  init(configuration: KooberBackend.Configuration) throws(KooberBackendError) {
    self.configuration = configuration
    self.hasher = PasswordHasher(iterations: max(1, configuration.passwordIterations))
    self.hashingSlots = HashingSlots(
      slots: configuration.passwordHashingSlots,
      queueLength: configuration.passwordHashingQueueLength)
    self.refreshAnswers = RefreshAnswers(window: configuration.refreshWindow)
    let counts: [Int: Int]
    do {
      // The file holds password hashes. `Database` creates the folder 0700 and, before SQLite
      // opens anything, refuses a folder or file of another user and makes the file, -wal and
      // -shm 0600 and a folder others can write 0700.
      database = try Database(path: configuration.databaseURL.path)
      try database.migrate(Self.migrations)
      counts = try Self.storedIterationCounts(in: database)
    } catch {
      throw .cannotOpenDatabase(error.message)
    }
    storedIterations = Locked(counts)
  }

  /// The backend's current time, from the configured clock.
  var now: Date { configuration.now() }

  /// Runs `body` in one transaction, turning database failures into `500 internal_error`.
  ///
  /// `APIError`s thrown by `body` roll the transaction back and pass through unchanged; work
  /// that must be kept although the request fails (a spent attempt, a revoked family) returns
  /// an outcome instead of throwing.
  /// - Parameter body: the work.
  /// - Returns: what `body` returns.
  /// - Throws: `APIError`.
  @discardableResult
  func write<R>(_ body: (Connection) throws -> R) throws(APIError) -> R {
    do {
      return try database.transaction(body)
    } catch let error as APIError {
      throw error
    } catch let error as DatabaseError {
      throw .internal("database: \(error.code)")
    } catch {
      throw .internal("database")
    }
  }

  /// Runs reads that need no transaction, turning database failures into `500`.
  /// - Parameter body: the work.
  /// - Returns: what `body` returns.
  /// - Throws: `APIError`.
  func read<R>(_ body: (Database) throws(DatabaseError) -> R) throws(APIError) -> R {
    do {
      return try body(database)
    } catch {
      throw .internal("database: \(error.code)")
    }
  }
}
