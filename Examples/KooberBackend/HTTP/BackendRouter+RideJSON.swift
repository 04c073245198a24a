import Foundation
import LoopbackServer
import RideModel

extension BackendRouter {
  /// A JSON response of ride objects, written by `RideJSON`'s encoder so ride times keep their
  /// milliseconds (a simulated driver can move a ride twice in one second).
  /// - Parameters:
  ///   - status: the status code.
  ///   - value: the value to encode.
  /// - Returns: the response.
  /// - Throws: `500` when the value cannot be encoded.
  static func rideJSON(status: Int = 200, _ value: some Encodable) throws(APIError)
    -> HTTPResponse
  {
    do {
      let body = try RideJSON.encoder().encode(value)
      return HTTPResponse(
        status: status, headers: ["Content-Type": HTTPResponse.jsonContentType], body: body)
    } catch {
      throw .internal("encoding the response")
    }
  }
}
