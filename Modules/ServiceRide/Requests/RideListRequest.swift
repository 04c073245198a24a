import Foundation
import NetworkClient
import RideModel
import WireFormat

/// `GET /v1/rides?scope=…&q=…&limit=…&before=…` (authorized): one page of the account's
/// rides, newest first — a passenger's own rides, a driver's accepted ones.
///
/// A request group: one request type for every list, its `Configuration` an
/// enum (all, active, completed, cancelled, search), one result type.
///
/// ```swift
/// let page = try await RideListRequest(configuration: .search("opera"), limit: 10)
///   .perform(on: client)
/// if let cursor = page.next {
///   let more = try await RideListRequest(configuration: .search("opera"), before: cursor)
///     .perform(on: client)
/// }
/// ```
public struct RideListRequest: DefaultRequest {
  /// The decoded answer: `{"rides", "next"}`.
  public typealias Result = RideListResponse
  /// What the caller gets: the same page.
  public typealias ResultData = RideListResponse

  /// The rides most pages hold.
  public static let defaultLimit = 20
  /// The most rides one page may hold: the `limit` Koober's server accepts
  /// (<doc:/documentation/KooberWire/HTTPContract>).
  public static let limitRange = 1...100

  /// Which rides.
  public let configuration: RideListConfiguration
  /// How many rides at most, clamped to ``limitRange``.
  public let limit: Int
  /// The `next` cursor of the page before, or `nil` for the first page.
  public let before: String?

  /// Makes the first page's request, of the default size.
  /// - Parameter configuration: Which rides.
  public init(configuration: RideListConfiguration) {
    self.init(configuration: configuration, limit: Self.defaultLimit, before: nil)
  }

  /// Makes the request of one page.
  /// - Parameters:
  ///   - configuration: Which rides.
  ///   - limit: How many rides at most; clamped to 1…100.
  ///   - before: The cursor from the previous page's `next`, or `nil` for the first page.
  public init(configuration: RideListConfiguration, limit: Int = defaultLimit, before: String?) {
    self.configuration = configuration
    self.limit = min(max(limit, Self.limitRange.lowerBound), Self.limitRange.upperBound)
    self.before = before
  }

  /// `GET`.
  public var method: HTTPMethod { .get }
  /// `/v1/rides`.
  public var path: String { "/v1/rides" }
  /// Needs the account's token.
  public var requiresAuthorization: Bool { true }
  /// The ride model's decoder.
  public static var decoder: JSONDecoder { WireJSON.decoder() }

  /// `scope`, `limit`, and `q` / `before` when set.
  public var query: [URLQueryItem] {
    var items = [
      URLQueryItem(name: "scope", value: configuration.scope.rawValue),
      URLQueryItem(name: "limit", value: String(limit)),
    ]
    if let text = configuration.searchText { items.append(URLQueryItem(name: "q", value: text)) }
    if let before { items.append(URLQueryItem(name: "before", value: before)) }
    return items
  }
}
