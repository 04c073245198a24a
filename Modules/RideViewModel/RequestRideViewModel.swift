import Foundation
import Localization
import RideModel
import WireFormat

/// The view side of asking for a ride: destination search, the vehicle choice with fares, and
/// whether Search and Confirm can be pressed.
///
/// Input events come in as method calls; view changes go out through the `on…Change`
/// closures, each fired only when its value changes. The current value of every output is
/// readable, so a view draws its first frame from the properties. Within one event, outputs
/// fire in this order: loading, search enabled, results, destination, vehicle options,
/// confirm enabled; each once every output of the event is stored, so a closure may read any
/// property back.
///
/// ```swift
/// let model = RequestRideViewModel()
/// model.onSearchEnabledChange = { searchButton.isEnabled = $0 }
/// model.onVehicleOptionsChange = { lines in vehicleList.show(lines) }
/// model.destinationQueryChanged("opera")  // Search becomes enabled
/// ```
@MainActor
public final class RequestRideViewModel {
  /// Called when Search becomes enabled (a non-blank query, not loading) or disabled.
  public var onSearchEnabledChange: ((Bool) -> Void)?
  /// Called with the numbered result lines, e.g. `1. Sydney Opera House`.
  public var onResultsTextChange: (([String]) -> Void)?
  /// Called with the chosen destination's text, or `nil` before one is chosen.
  public var onDestinationTextChange: ((String?) -> Void)?
  /// Called with one line per estimate, e.g. `Wallaby — A$18.40 · 4 min`.
  public var onVehicleOptionsChange: (([String]) -> Void)?
  /// Called when Confirm becomes enabled (a destination and a vehicle with an estimate, not
  /// loading) or disabled.
  public var onConfirmEnabledChange: ((Bool) -> Void)?
  /// Called when a request starts or ends.
  public var onLoadingChange: ((Bool) -> Void)?

  private var query = ""
  private var results: [Location] = []
  private var estimates: [FareEstimate] = []
  /// The destination chosen from the results, if any.
  public private(set) var destination: Location?
  /// The vehicle type chosen, if any; kept when new estimates arrive.
  public private(set) var selectedVehicle: VehicleType?

  /// Whether a request is under way.
  public private(set) var isLoading = false
  /// Whether Search can be pressed.
  public private(set) var isSearchEnabled = false
  /// The numbered result lines.
  public private(set) var resultLines: [String] = []
  /// The chosen destination's text, or `nil`.
  public private(set) var destinationText: String?
  /// One line per estimate.
  public private(set) var vehicleOptionLines: [String] = []
  /// Whether Confirm can be pressed.
  public private(set) var isConfirmEnabled = false

  private let changes = ChangeQueue()

  /// Makes a view model with an empty query, no results and nothing chosen.
  public init() {}

  /// The estimate of the chosen vehicle type, when both exist; what Confirm will request.
  public var selectedEstimate: FareEstimate? {
    estimates.first { $0.vehicleType == selectedVehicle }
  }

  /// The person edited the destination search text.
  /// - Parameter text: The whole text of the field.
  public func destinationQueryChanged(_ text: String) {
    query = text
    render()
  }

  /// New search results arrived (or were cleared).
  /// - Parameter locations: The places found, in the order to show them.
  public func searchResultsChanged(_ locations: [Location]) {
    results = locations
    render()
  }

  /// The person chose a destination. Estimates for another destination are dropped, since
  /// their fares no longer apply; the vehicle choice is kept for the new estimates.
  /// - Parameter location: The chosen place, usually one of the results.
  public func destinationSelected(_ location: Location) {
    if destination != location { estimates = [] }
    destination = location
    render()
  }

  /// Fare estimates for the chosen destination arrived (or were cleared).
  /// - Parameter estimates: One per vehicle type, in the order to show them.
  public func estimatesChanged(_ estimates: [FareEstimate]) {
    self.estimates = estimates
    render()
  }

  /// The person chose a vehicle type.
  /// - Parameter vehicle: The chosen type; Confirm enables only once it has an estimate.
  public func vehicleSelected(_ vehicle: VehicleType) {
    selectedVehicle = vehicle
    render()
  }

  /// A search, estimate or ride request started (`true`) or ended (`false`); Search and
  /// Confirm are disabled meanwhile so one request runs at a time.
  /// - Parameter isLoading: Whether a request is under way.
  public func setLoading(_ isLoading: Bool) {
    changes.set(\.isLoading, of: self, to: isLoading, tell: \.onLoadingChange)
    render()
  }

  /// The result shown on a numbered line, for views where people type the number.
  /// - Parameter line: The 1-based line number.
  /// - Returns: The location, or `nil` when no line has that number.
  public func result(atLine line: Int) -> Location? {
    RideText.index(ofLine: line, count: results.count).map { results[$0] }
  }

  /// The vehicle type of a vehicle option line, for views where people type the number.
  /// - Parameter line: The 1-based line number.
  /// - Returns: The vehicle type, or `nil` when no line has that number.
  public func vehicle(atLine line: Int) -> VehicleType? {
    RideText.index(ofLine: line, count: estimates.count).map { estimates[$0].vehicleType }
  }

  /// Stores every output the inputs now imply, then tells the view what changed.
  private func render() {
    let idle = !isLoading
    let searchable = idle && !query.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
    changes.set(\.isSearchEnabled, of: self, to: searchable, tell: \.onSearchEnabledChange)
    let lines = results.enumerated().map { RideText.numbered($0.offset, $0.element.displayText) }
    changes.set(\.resultLines, of: self, to: lines, tell: \.onResultsTextChange)
    changes.set(
      \.destinationText, of: self, to: destination?.displayText,
      tell: \.onDestinationTextChange)
    changes.set(
      \.vehicleOptionLines, of: self, to: estimates.map(Self.optionText),
      tell: \.onVehicleOptionsChange)
    let confirmable = idle && destination != nil && selectedEstimate != nil
    changes.set(\.isConfirmEnabled, of: self, to: confirmable, tell: \.onConfirmEnabledChange)
    changes.tell()
  }

  private static func optionText(_ estimate: FareEstimate) -> String {
    let values = [
      "vehicle": estimate.vehicleType.displayName, "fare": estimate.fare.formatted,
      "minutes": "\(estimate.etaMinutes)",
    ]
    return TextTable.rideViewModel.text("request.vehicleOption", values)
  }
}
