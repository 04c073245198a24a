import Foundation
import KooberWire
import NetworkClient
import RideModel
import UserModel
import WireFormat

/// Every module's way of reading a date off the wire, so one table runs through all of them.
enum DateReader: String, CaseIterable, CustomStringConvertible {
  case wireDate = "WireDate"
  case userSession = "UserModel session (WireJSON)"
  case ride = "RideModel (WireJSON, milliseconds)"
  case networkClient = "NetworkClient.makeDecoder()"

  var description: String { rawValue }

  /// The date `text` names, or `nil` when this reader refuses it.
  func date(from text: String) -> Date? {
    switch self {
    case .wireDate:
      return WireDate.date(from: text)
    case .userSession:
      let json = #"{"user": {"id": "usr_1", "email": "a@example.com", "type": "passenger"},"#
        + #" "token": "tok", "expiresAt": ""# + text + #"", "refreshToken": "rft","#
        + #" "refreshExpiresAt": "2026-12-21T08:15:00Z"}"#
      return try? WireJSON.decoder().decode(KooberWire.Session.self, from: Data(json.utf8))
        .expiresAt
    case .ride:
      return Self.decodeStamp(text, with: WireJSON.decoder())
    case .networkClient:
      return Self.decodeStamp(text, with: NetworkClient.makeDecoder())
    }
  }

  private struct Stamp: Decodable { var at: Date }

  private static func decodeStamp(_ text: String, with decoder: JSONDecoder) -> Date? {
    let json = #"{"at": ""# + text + #""}"#
    return try? decoder.decode(Stamp.self, from: Data(json.utf8)).at
  }
}
