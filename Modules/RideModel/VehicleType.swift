import Localization

/// The size of car a passenger asks for, named after the kangaroo family from smallest to
/// largest. Raw values are the wire strings of Koober's HTTP contract.
///
/// ```swift
/// let type = VehicleType(rawValue: "wallaroo")  // .wallaroo
/// print(type?.displayName ?? "")                 // "Wallaroo"
/// ```
public enum VehicleType: String, CaseIterable, Codable, Hashable, Sendable {
  /// The small, cheapest car: up to 3 passengers.
  case wallaby
  /// The mid-size car: up to 4 passengers and luggage.
  case wallaroo
  /// The large car: up to 6 passengers.
  case kangaroo

  /// The name shown to people, e.g. `Wallaby`, in the language `Texts.language` names.
  public var displayName: String {
    switch self {
    case .wallaby: TextTable.rideModel.text("vehicle.wallaby")
    case .wallaroo: TextTable.rideModel.text("vehicle.wallaroo")
    case .kangaroo: TextTable.rideModel.text("vehicle.kangaroo")
    }
  }

  /// How many passengers the car takes.
  public var seats: Int {
    switch self {
    case .wallaby: 3
    case .wallaroo: 4
    case .kangaroo: 6
    }
  }
}
