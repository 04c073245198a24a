import Localization
import RideLogicControl
import RideModel
import RideViewModel

/// The questions `[Request a ride]` and `[Fare estimate]` share: where to (a search, then a
/// place from the results) and which vehicle (from the fares). The planner runs the steps;
/// the view model holds what was chosen and the lines to show.
@MainActor
final class TripForm {
  /// What was searched, found and chosen.
  let model = RequestRideViewModel()
  private let console: Console
  private let planner: TripPlanner
  private let back: Destination

  /// Makes the form.
  /// - Parameters:
  ///   - console: The terminal.
  ///   - planner: The steps of the trip.
  ///   - back: Where `back` (and the end of input's `quit`) leads.
  init(console: Console, planner: TripPlanner, back: Destination) {
    self.console = console
    self.planner = planner
    self.back = back
  }

  /// Asks where to until a place is chosen, then shows the fares to it. A number picks one
  /// of the places listed; any other text searches again.
  /// - Returns: Where to go instead, or `nil` once `model` holds the place and its fares.
  func chooseDestination() async -> Destination? {
    var places: [Location] = []
    while true {
      let label =
        places.isEmpty
        ? TextTable.koober.text("trip.whereTo") : TextTable.koober.text("trip.place")
      let answer: String
      switch await ask(label) {
      case .leave(let destination): return destination
      case .answer(let text): answer = text
      }
      guard places.isEmpty || Int(answer) == nil else {
        guard let place = Int(answer).flatMap(model.result(atLine:)) else {
          console.alert(TextTable.koober.text("trip.placeHint", ["count": "\(places.count)"]))
          continue
        }
        if await estimate(to: place) { return nil }
        continue
      }
      places = await search(answer) ?? []
      guard !places.isEmpty else { continue }
      console.line(TextTable.koober.text("trip.matches", ["text": answer]))
      model.resultLines.forEach { console.line("  " + $0) }
    }
  }

  /// Asks which vehicle type, by number or name, among the fares shown.
  /// - Returns: Where to go instead, or `nil` once `model.selectedEstimate` is set.
  func chooseVehicle() async -> Destination? {
    while true {
      switch await ask(TextTable.koober.text("trip.vehicle")) {
      case .leave(let destination): return destination
      case .answer(let answer):
        let type = Int(answer).flatMap(model.vehicle(atLine:))
          ?? VehicleType(rawValue: answer.lowercased())
        guard let type, !model.vehicleOptionLines.isEmpty else {
          console.alert(TextTable.koober.text("trip.vehicleHint"))
          continue
        }
        model.vehicleSelected(type)
        if model.selectedEstimate != nil { return nil }
        console.alert(RideLogicError.vehicleNotOffered(type).message)
      }
    }
  }

  /// Asks a question of the form; `back` leaves it.
  func ask(_ label: String, defaultValue: String? = nil) async -> FormAnswer {
    await console.askField(label, defaultValue: defaultValue, commands: [.back: back]) { text in
      text.isEmpty ? TextTable.koober.text("trip.empty") : nil
    }
  }

  /// Runs `work` under a progress line, the view model loading meanwhile (its buttons off).
  /// - Parameters:
  ///   - label: What is being done, e.g. `Searching`.
  ///   - work: The step.
  /// - Returns: What `work` returned.
  func loading<T>(_ label: String, _ work: () async -> T) async -> T {
    model.setLoading(true)
    let result = await console.progress(label, while: work)
    model.setLoading(false)
    return result
  }

  private func search(_ text: String) async -> [Location]? {
    model.destinationQueryChanged(text)
    let result = await loading(TextTable.koober.text("progress.searching")) {
      await planner.search(text)
    }
    switch result {
    case .failure(let error):
      console.alert(error.message)
      return nil
    case .success(let places) where places.isEmpty:
      console.alert(TextTable.koober.text("trip.noMatch", ["text": text]))
      return nil
    case .success(let places):
      model.searchResultsChanged(places)
      return places
    }
  }

  private func estimate(to place: Location) async -> Bool {
    model.destinationSelected(place)
    let result = await loading(TextTable.koober.text("progress.estimating")) {
      await planner.estimate(to: place)
    }
    switch result {
    case .failure(let error):
      console.alert(error.message)
      return false
    case .success(let estimates):
      model.estimatesChanged(estimates)
      console.line(
        TextTable.koober.text("trip.fares", ["place": model.destinationText ?? place.displayText]))
      for (index, option) in model.vehicleOptionLines.enumerated() {
        console.line("  \(index + 1)) \(option)")
      }
      return true
    }
  }
}
