import Foundation
import RideModel
import UserModel

/// What `GET /v1/rides` asks for, checked: whose rides, which scope, which text, how many, and
/// where the page starts.
struct RideListQuery: Sendable, Equatable {
  /// The page size when `limit` is absent (the HTTP contract).
  static let defaultLimit = 20
  /// The largest page size a request may ask for.
  static let maximumLimit = 100

  /// The caller's user id.
  var userID: String
  /// Passengers list the rides they asked for; drivers the rides they accepted.
  var role: UserType
  /// Which statuses to show.
  var scope: RideScope = .all
  /// Text that the pickup's or the destination's address must contain (case-insensitive);
  /// nil for no filter.
  var text: String?
  /// The page size, 1…100.
  var limit: Int = defaultLimit
  /// Only rides older than this cursor; nil for the first page.
  var before: RideCursor?

  /// Reads and checks the query items of a request.
  /// - Parameters:
  ///   - items: the query as a dictionary.
  ///   - userID: the caller.
  ///   - role: the caller's type.
  /// - Throws: `400 malformed_query` for a bad `scope`, `limit` or `before`.
  init(items: [String: String], userID: String, role: UserType) throws(APIError) {
    self.userID = userID
    self.role = role
    if let scopeText = items["scope"] {
      guard let scope = RideScope(rawValue: scopeText) else {
        throw .malformedQuery("`scope` must be all, active, completed or cancelled")
      }
      self.scope = scope
    }
    if let limitText = items["limit"] {
      guard let limit = Int(limitText), (1...Self.maximumLimit).contains(limit) else {
        throw .malformedQuery("`limit` must be a whole number from 1 to \(Self.maximumLimit)")
      }
      self.limit = limit
    }
    if let cursorText = items["before"] {
      guard let cursor = RideCursor(cursorText) else {
        throw .malformedQuery("`before` is not a cursor this server gave out")
      }
      self.before = cursor
    }
    let text = items["q"]?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
    self.text = text.isEmpty ? nil : text
  }

  /// Whether a ride matches the text filter.
  /// - Parameter ride: the ride.
  /// - Returns: true when there is no text or an address contains it.
  func matchesText(_ ride: Ride) -> Bool {
    guard let text else { return true }
    return [ride.pickup.address, ride.destination.address].contains { address in
      address?.range(of: text, options: .caseInsensitive) != nil
    }
  }
}

/// The opaque `next` / `before` cursor of ride lists: the position of the last ride shown.
struct RideCursor: Sendable, Equatable {
  private static let prefix = "cur_"

  /// Only rides stored before this position come next.
  let seq: Int64

  /// A cursor after a ride's position.
  /// - Parameter seq: the position of the last ride on a page.
  init(seq: Int64) {
    self.seq = seq
  }

  /// Reads a cursor from its text.
  /// - Parameter text: the text from a `next` field.
  /// - Returns: nil when the text is not a cursor.
  init?(_ text: String) {
    guard text.hasPrefix(Self.prefix) else { return nil }
    let digits = text.dropFirst(Self.prefix.count)
    guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }),
      let seq = Int64(digits), seq > 0
    else { return nil }
    self.seq = seq
  }

  /// The cursor as the `next` field carries it.
  var text: String { Self.prefix + String(seq) }
}
