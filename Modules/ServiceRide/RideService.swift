import DatabaseClient
import Foundation
import NetworkClient
import RideModel
import ServiceUser

/// The ride half of the service layer: fares, requests, cancels, a ride's status,
/// lists, receipts, and the driver's queue and steps. Each operation is one call that does
/// its request and its cache work; the rides it sees go into the user's own database, so
/// "my rides" shows them at once next time, even offline.
///
/// One service belongs to one signed-in user; the host's signed-in container makes it with
/// ``make(serviceUser:userID:receiptExport:)`` and drops it at sign-out.
///
/// ```swift
/// let rides = await RideService.make(serviceUser: serviceUser, userID: user.id)
/// let estimates = try await rides.fareEstimates(from: pickup, to: destination)
/// let ride = try await rides.requestRide(from: pickup, to: destination, vehicle: .wallaby)
/// for await update in rides.myRides(.active) { render(update) }
/// let export = try await rides.exportReceipts()
/// print(ReceiptCSV.render(export.receipts))
/// ```
public final class RideService: Sendable {
  /// The rides this user has seen.
  public let cache: RideCache
  /// How ``exportReceipts(progress:)`` runs its batch.
  public let receiptExport: ReceiptExportOptions
  /// The client every request goes through (authorized with the user's token); sibling
  /// modules and tests may reuse it.
  package let network: NetworkClient

  /// Makes the service from its parts.
  /// - Parameters:
  ///   - network: The client for the API; its authorized requests must carry the user's
  ///     token (ServiceUser's client does).
  ///   - cache: The user's ride cache.
  ///   - receiptExport: How the receipts export runs its batch.
  public init(
    network: NetworkClient, cache: RideCache, receiptExport: ReceiptExportOptions = .init()
  ) {
    self.network = network
    self.cache = cache
    self.receiptExport = receiptExport
  }

  /// Makes the service of the signed-in user: ServiceUser's authorized client, and a cache
  /// in that user's own database. A database that cannot be opened leaves a cache in memory
  /// (see ``RideCache/status``) rather than failing.
  /// - Parameters:
  ///   - serviceUser: The app's user service.
  ///   - userID: The signed-in user's id.
  ///   - receiptExport: How the receipts export runs its batch.
  /// - Returns: The service.
  public static func make(
    serviceUser: ServiceUser, userID: String, receiptExport: ReceiptExportOptions = .init()
  ) async -> RideService {
    let cache: RideCache
    do {
      cache = RideCache(database: try await serviceUser.userDatabase(for: userID))
    } catch {
      // A person may read the status line: the sentence, in the app's language.
      cache = RideCache(memoryOnlyBecause: error.message)
    }
    return RideService(network: serviceUser.network, cache: cache, receiptExport: receiptExport)
  }

  /// Sends one request and turns its failure into a `RideError`.
  func send<R: DefaultRequest>(_ request: R) async throws(RideError) -> R.ResultData {
    do {
      return try await request.perform(on: network)
    } catch {
      throw RideError(error)
    }
  }

  /// Sends a request that answers a ride, and caches the ride.
  func sendCaching<R: DefaultRequest>(_ request: R) async throws(RideError) -> Ride
  where R.ResultData == Ride {
    let ride = try await send(request)
    cache.store([ride])
    return ride
  }
}
