import DatabaseClient
import Foundation
import RideModel
import WireFormat

/// The rides a user has seen, kept in that user's own database so "my rides" can show them
/// at once, before (or without) the server's answer.
///
/// A cache that cannot be read is never fatal: unreadable rows or tables are dropped and
/// made anew (``RideCacheStatus/rebuilt(_:)``); a database that cannot be used at all gives
/// way to a cache in memory (``RideCacheStatus/memoryOnly(_:)``). Every method therefore
/// returns normally; the server stays the source of truth.
///
/// ```swift
/// let cache = RideCache(database: try await serviceUser.userDatabase(for: user.id))
/// cache.store([ride])
/// let active = cache.rides(.active)
/// ```
public final class RideCache: Sendable {
  /// The most rides kept; older ones are dropped first.
  public static let capacity = 1_000

  /// Everything the cache holds, behind one lock: one operation at a time, so a rebuild never
  /// interleaves with a write.
  private let state: Locked<State>

  /// Makes a cache over a user's database; nothing is read or written until first use.
  /// - Parameter database: The user's own database (`ServiceUser.userDatabase(for:)`).
  public init(database: Database) {
    state = Locked(State(database: database, status: .unopened))
  }

  /// Makes a cache that lives in memory only, because the user's database could not be
  /// opened.
  /// - Parameter reason: Why, shown by ``status``.
  public init(memoryOnlyBecause reason: String) {
    state = Locked(State(database: nil, status: .memoryOnly(reason)))
  }

  /// How the cache is doing.
  public var status: RideCacheStatus {
    state.withLock { $0.status }
  }

  /// Keeps rides, replacing older copies of the same rides (a copy with an older
  /// `updatedAt` never replaces a newer one).
  /// - Parameter rides: Rides just seen from the server.
  public func store(_ rides: [Ride]) {
    guard !rides.isEmpty else { return }
    state.withLock { state in
      state.withDatabase(
        { database throws in try Self.write(rides, to: database) },
        orInMemory: { $0.storeInMemory(rides) })
    }
  }

  /// The cached rides of a list, newest first, as the server would order them.
  /// - Parameters:
  ///   - configuration: Which rides.
  ///   - limit: How many at most, or `nil` for all.
  /// - Returns: The matching rides; empty when the cache was unreadable (and rebuilt).
  public func rides(_ configuration: RideListConfiguration, limit: Int? = nil) -> [Ride] {
    let all: [Ride] = state.withLock { state in
      state.withDatabase(
        { database throws in try Self.readAll(from: database) },
        orInMemory: { Self.newestFirst(Array($0.memory.values)) }) ?? []
    }
    let matching = all.filter(configuration.includes)
    guard let limit else { return matching }
    return Array(matching.prefix(max(0, limit)))
  }

  /// One cached ride.
  /// - Parameter id: The ride's id.
  /// - Returns: The last copy seen, or `nil`.
  public func ride(id: String) -> Ride? {
    rides(.all).first { $0.id == id }
  }

  // MARK: - Failure handling

  /// The cache's database (none once it proved unusable), its status and the rides kept in
  /// memory meanwhile.
  private struct State {
    var database: Database?
    var isPrepared = false
    var status: RideCacheStatus
    var memory: [String: Ride] = [:]

    init(database: Database?, status: RideCacheStatus) {
      self.database = database
      self.status = status
    }

    /// Runs `work` on the database, preparing it first; an unreadable cache is rebuilt once,
    /// and a database that still fails gives way to memory for good.
    mutating func withDatabase<R>(
      _ work: (Database) throws -> R, orInMemory fallback: (inout State) -> R
    ) -> R? {
      guard let database else { return fallback(&self) }
      do {
        if !isPrepared {
          try RideCacheSchema.prepare(database)
          isPrepared = true
          status = .ready
        }
        return try work(database)
      } catch {
        let reason = RideCache.describe(error)
        do {
          try RideCacheSchema.rebuild(database)
          isPrepared = true
          status = .rebuilt(reason)
          return try work(database)
        } catch {
          self.database = nil
          status = .memoryOnly(RideCache.describe(error))
          return fallback(&self)
        }
      }
    }

    mutating func storeInMemory(_ rides: [Ride]) {
      for ride in rides {
        if let old = memory[ride.id], old.updatedAt > ride.updatedAt { continue }
        memory[ride.id] = ride
      }
      if memory.count > RideCache.capacity {
        for ride in RideCache.newestFirst(Array(memory.values)).dropFirst(RideCache.capacity) {
          memory[ride.id] = nil
        }
      }
    }
  }

  fileprivate static func describe(_ error: any Error) -> String {
    (error as? DatabaseError)?.message ?? String(describing: error)
  }

  static func newestFirst(_ rides: [Ride]) -> [Ride] {
    rides.sorted { ($0.requestedAt, $0.id) > ($1.requestedAt, $1.id) }
  }
}
