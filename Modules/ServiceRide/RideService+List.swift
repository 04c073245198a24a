import RideModel

extension RideService {
  /// One page of the account's rides from the server, newest first; the rides go into the
  /// cache.
  /// - Parameters:
  ///   - configuration: Which rides (the request group's configuration).
  ///   - limit: How many at most; clamped to 1…100.
  ///   - before: The `next` cursor of the previous page, or `nil` for the first page.
  /// - Returns: The page: its rides and the cursor of the next page (`nil` on the last).
  /// - Throws: `RideError.invalidQuery` for an empty search (nothing sent) or a cursor the
  ///   server refuses, `.notSignedIn`, network failures.
  public func list(
    _ configuration: RideListConfiguration, limit: Int = RideListRequest.defaultLimit,
    before: String? = nil
  ) async throws(RideError) -> RideListResponse {
    let checked = try Self.checked(configuration)
    let page = try await send(
      RideListRequest(configuration: checked, limit: limit, before: before))
    cache.store(page.rides)
    return page
  }

  /// "My rides": the cached rides of a list at once, then the server's first page.
  ///
  /// The stream yields ``RideListUpdate/cached(_:)`` first (possibly empty), then either
  /// ``RideListUpdate/fresh(_:)`` or ``RideListUpdate/failed(_:)``, and ends. Ending the
  /// iteration early cancels the request.
  /// - Parameters:
  ///   - configuration: Which rides.
  ///   - limit: How many at most, for the cache and the page.
  /// - Returns: The stream of two updates.
  public func myRides(
    _ configuration: RideListConfiguration, limit: Int = RideListRequest.defaultLimit
  ) -> AsyncStream<RideListUpdate> {
    let (stream, continuation) = AsyncStream.makeStream(of: RideListUpdate.self)
    let task = Task {
      let cachedConfiguration = (try? Self.checked(configuration)) ?? configuration
      continuation.yield(.cached(cache.rides(cachedConfiguration, limit: limit)))
      do throws(RideError) {
        continuation.yield(.fresh(try await list(configuration, limit: limit)))
      } catch {
        continuation.yield(.failed(error))
      }
      continuation.finish()
    }
    continuation.onTermination = { _ in task.cancel() }
    return stream
  }

  /// The cached rides of a list, without asking the server.
  /// - Parameters:
  ///   - configuration: Which rides.
  ///   - limit: How many at most, or `nil` for all.
  /// - Returns: The rides, newest first.
  public func cachedRides(_ configuration: RideListConfiguration, limit: Int? = nil) -> [Ride] {
    cache.rides((try? Self.checked(configuration)) ?? configuration, limit: limit)
  }

  /// The configuration with its search text trimmed and checked.
  static func checked(
    _ configuration: RideListConfiguration
  ) throws(RideError) -> RideListConfiguration {
    guard case .search(let text) = configuration else { return configuration }
    return .search(try SearchText.validated(text))
  }
}
