import Foundation
import RideModel

/// Which rides a list shows: the configuration of the ride list's request group.
/// Every case is the same route and the same result (a page of rides), so one screen serves
/// them all by switching the configuration.
///
/// ```swift
/// for configuration: RideListConfiguration in [.all, .active, .search("opera")] {
///   let page = try await rides.list(configuration)
/// }
/// ```
public enum RideListConfiguration: Sendable, Hashable {
  /// Every ride, newest first.
  case all
  /// Rides neither completed nor cancelled.
  case active
  /// Completed rides.
  case completed
  /// Cancelled rides.
  case cancelled
  /// Rides whose pickup or destination address contains the text, case-insensitively.
  case search(String)

  /// The list of one scope.
  /// - Parameter scope: The scope.
  public init(scope: RideScope) {
    switch scope {
    case .all: self = .all
    case .active: self = .active
    case .completed: self = .completed
    case .cancelled: self = .cancelled
    }
  }

  /// The `scope` query item: a search looks through every ride.
  public var scope: RideScope {
    switch self {
    case .all, .search: .all
    case .active: .active
    case .completed: .completed
    case .cancelled: .cancelled
    }
  }

  /// The search text, or `nil` for the plain scopes.
  public var searchText: String? {
    guard case .search(let text) = self else { return nil }
    return text
  }

  /// Whether `ride` belongs in this list; the cache filters with it as the server does.
  /// - Parameter ride: A ride.
  /// - Returns: `true` when the ride's status is in scope and, for a search, an address
  ///   contains the text case-insensitively.
  public func includes(_ ride: Ride) -> Bool {
    guard scope.includes(ride.status) else { return false }
    guard let text = searchText else { return true }
    let addresses = [ride.pickup.address, ride.destination.address].compactMap { $0 }
    return addresses.contains { $0.range(of: text, options: .caseInsensitive) != nil }
  }
}
