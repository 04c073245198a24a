import Localization
import RideModel
import WireFormat

/// The view side of a driver's work: the queue of rides waiting for a driver, and the
/// driver's own current ride with the title of its next step.
///
/// Closures fire only when their value changes; within one event in this order: queue,
/// current ride, advance title; each once every output of the event is stored, so a closure
/// may read any property back.
///
/// ```swift
/// let model = DriverQueueViewModel()
/// model.onAdvanceTitleChange = { advanceButton.title = $0 }
/// model.currentRideChanged(acceptedRide)  // "Arrived"
/// ```
@MainActor
public final class DriverQueueViewModel {
  /// Called with one numbered line per waiting ride, e.g.
  /// `1. Sydney Opera House → Sydney Airport · Wallaby · A$18.40`.
  public var onQueueTextChange: (([String]) -> Void)?
  /// Called with a sentence about the driver's own ride, or `nil` when there is none.
  public var onCurrentRideTextChange: ((String?) -> Void)?
  /// Called with the title of the button that moves the driver's ride one step
  /// (`Arrived`, `Start ride`, `Complete ride`), or `nil` when there is no step to take.
  public var onAdvanceTitleChange: ((String?) -> Void)?

  private var queue: [Ride] = []
  /// The driver's own current ride, if any.
  public private(set) var currentRide: Ride?

  /// The numbered queue lines.
  public private(set) var queueText: [String] = []
  /// The sentence about the driver's ride, or `nil`.
  public private(set) var currentRideText: String?
  /// The next step's button title, or `nil`.
  public private(set) var advanceTitle: String?

  private let changes = ChangeQueue()

  /// Makes a view model with an empty queue and no current ride.
  public init() {}

  /// The queue of rides waiting for a driver changed.
  /// - Parameter rides: The waiting rides, oldest first as the server sends them.
  public func queueChanged(_ rides: [Ride]) {
    queue = rides
    render()
  }

  /// The driver's own ride changed: accepted, advanced, finished, or gone (`nil`).
  /// - Parameter ride: The driver's ride's latest state, or `nil`.
  public func currentRideChanged(_ ride: Ride?) {
    currentRide = ride
    render()
  }

  /// The ride on a numbered queue line, for views where people type the number.
  /// - Parameter line: The 1-based line number.
  /// - Returns: The ride, or `nil` when no line has that number.
  public func ride(atLine line: Int) -> Ride? {
    RideText.index(ofLine: line, count: queue.count).map { queue[$0] }
  }

  /// The title of the button that takes a driver's ride to its next status, in the language
  /// `Texts.language` names.
  /// - Parameter status: The ride's current status.
  /// - Returns: `Arrived`, `Start ride` or `Complete ride`; `nil` for a ride not yet the
  ///   driver's (requested) or over.
  public static func advanceTitle(for status: RideStatus) -> String? {
    switch status.next {
    case .arrived: TextTable.rideViewModel.text("driver.advance.arrived")
    case .inProgress: TextTable.rideViewModel.text("driver.advance.start")
    case .completed: TextTable.rideViewModel.text("driver.advance.complete")
    case .requested, .accepted, .cancelled, nil: nil
    }
  }

  /// The sentence shown about a driver's ride, in the language `Texts.language` names.
  /// - Parameter ride: The driver's ride.
  /// - Returns: E.g. `Pick up at Sydney Opera House`.
  public static func currentRideText(for ride: Ride) -> String {
    switch ride.status {
    case .requested, .accepted:
      TextTable.rideViewModel.text("driver.pickUp", ["pickup": ride.pickup.displayText])
    case .arrived:
      TextTable.rideViewModel.text("driver.waiting", ["pickup": ride.pickup.displayText])
    case .inProgress:
      TextTable.rideViewModel.text("driver.driving", ["destination": ride.destination.displayText])
    case .completed: TextTable.rideViewModel.text("ride.completed", ["fare": ride.fare.formatted])
    case .cancelled: TextTable.rideViewModel.text("driver.passengerCancelled")
    }
  }

  /// Stores every output the inputs now imply, then tells the view what changed.
  private func render() {
    let lines = queue.enumerated().map { index, ride in
      let details = "\(ride.vehicleType.displayName) · \(ride.fare.formatted)"
      return RideText.numbered(index, "\(RideText.route(ride)) · \(details)")
    }
    changes.set(\.queueText, of: self, to: lines, tell: \.onQueueTextChange)
    changes.set(
      \.currentRideText, of: self, to: currentRide.map(Self.currentRideText(for:)),
      tell: \.onCurrentRideTextChange)
    changes.set(
      \.advanceTitle, of: self, to: currentRide.flatMap { Self.advanceTitle(for: $0.status) },
      tell: \.onAdvanceTitleChange)
    changes.tell()
  }
}
