import Foundation
import KooberWire
import LoopbackServer
import RideModel
import UserModel

extension RideRoutes {
  /// `200 {"rides"}`: rides waiting for a driver, oldest first; `403 drivers_only`.
  static func queue(_ context: RequestContext) async throws(APIError) -> HTTPResponse {
    _ = try context.authenticate(as: .driver)
    return try BackendRouter.json(QueueBody(rides: try context.store.queue()))
  }

  /// `POST /v1/rides/{id}/accept|arrive|start|complete` — `200` Ride; `403 drivers_only`,
  /// `404` (another driver's ride, for every step but accept), `409 already_accepted`,
  /// `409 invalid_transition`.
  /// - Parameters:
  ///   - step: the driver's step.
  ///   - context: the request.
  /// - Returns: the moved ride.
  /// - Throws: `APIError`.
  static func driverStep(_ step: RideStep, _ context: RequestContext) async throws(APIError)
    -> HTTPResponse
  {
    let driver = try context.authenticate(as: .driver)
    return try BackendRouter.json(
      try context.store.move(rideID: context.rideID, step, by: driver.id))
  }

  /// The queue's body has no cursor: it is one short list.
  private struct QueueBody: Encodable {
    var rides: [Ride]
  }
}
