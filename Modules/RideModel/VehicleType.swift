/// The size of car a passenger asks for, named after the kangaroo family from smallest to
/// largest. Raw values are the wire strings of API.md.
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
    case .wallaby: RideModelText.text("vehicle.wallaby")
    case .wallaroo: RideModelText.text("vehicle.wallaroo")
    case .kangaroo: RideModelText.text("vehicle.kangaroo")
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
