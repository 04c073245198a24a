import RideModel
import RideViewModel
import Testing

@MainActor
@Suite("RequestRideViewModel closure sequences")
struct RequestRideViewModelTests {
  enum Event: Equatable {
    case loading(Bool)
    case searchEnabled(Bool)
    case results([String])
    case destination(String?)
    case options([String])
    case confirmEnabled(Bool)
  }

  let model = RequestRideViewModel()
  let log = EventLog<Event>()

  init() {
    let log = log
    model.onLoadingChange = { log.record(.loading($0)) }
    model.onSearchEnabledChange = { log.record(.searchEnabled($0)) }
    model.onResultsTextChange = { log.record(.results($0)) }
    model.onDestinationTextChange = { log.record(.destination($0)) }
    model.onVehicleOptionsChange = { log.record(.options($0)) }
    model.onConfirmEnabledChange = { log.record(.confirmEnabled($0)) }
  }

  static let options = [
    "Wallaby — A$18.40 · 4 min", "Wallaroo — A$23.90 · 6 min", "Kangaroo — A$31.05 · 11 min",
  ]

  @Test("initial values are readable and nothing fires before an event")
  func initialValues() {
    #expect(!model.isSearchEnabled && !model.isConfirmEnabled && !model.isLoading)
    #expect(model.resultLines.isEmpty && model.vehicleOptionLines.isEmpty)
    #expect(model.destinationText == nil && model.destination == nil)
    #expect(model.selectedVehicle == nil && model.selectedEstimate == nil)
    #expect(log.take().isEmpty)
  }

  @Test("typing enables Search only for non-blank text, once per change")
  func typing() {
    for text in ["", "s", "sy", "syd", "  ", "\n", " o ", "op", ""] {
      model.destinationQueryChanged(text)
    }
    #expect(
      log.take() == [
        .searchEnabled(true), .searchEnabled(false), .searchEnabled(true), .searchEnabled(false),
      ])
  }

  @Test("search, select, estimate and choose a vehicle, in order")
  func fullFlow() throws {
    model.destinationQueryChanged("opera")
    model.setLoading(true)
    model.searchResultsChanged([try Samples.opera, try Samples.unnamed])
    model.setLoading(false)
    model.destinationSelected(try Samples.opera)
    model.setLoading(true)
    model.estimatesChanged(try Samples.threeEstimates)
    model.setLoading(false)
    model.vehicleSelected(.wallaroo)
    #expect(
      log.take() == [
        .searchEnabled(true),
        .loading(true), .searchEnabled(false),
        .results(["1. Sydney Opera House", "2. -33.80000, 151.25000"]),
        .loading(false), .searchEnabled(true),
        .destination("Sydney Opera House"),
        .loading(true), .searchEnabled(false),
        .options(Self.options),
        .loading(false), .searchEnabled(true),
        .confirmEnabled(true),
      ])
    let wallaroo = try Samples.threeEstimates[1]
    let opera = try Samples.opera
    #expect(model.selectedEstimate == wallaroo)
    #expect(model.isConfirmEnabled && model.destination == opera)
  }

  @Test("Confirm needs a destination and an estimate for the chosen vehicle")
  func confirmRules() throws {
    let wallabyOnly = [try Samples.estimate(.wallaby, cents: 1840, eta: 4)]
    model.vehicleSelected(.kangaroo)
    model.estimatesChanged(wallabyOnly)
    model.destinationSelected(try Samples.airport)
    model.estimatesChanged(wallabyOnly)
    model.estimatesChanged(try Samples.threeEstimates)
    model.vehicleSelected(.wallaby)
    model.estimatesChanged([])
    #expect(
      log.take() == [
        .options(["Wallaby — A$18.40 · 4 min"]),
        // A new destination drops the old estimates.
        .destination("Sydney Airport"), .options([]),
        .options(["Wallaby — A$18.40 · 4 min"]),
        .options(Self.options), .confirmEnabled(true),
        .options([]), .confirmEnabled(false),
      ])
  }

  @Test("choosing another destination clears the fares and disables Confirm until new ones")
  func changeDestination() throws {
    model.destinationSelected(try Samples.airport)
    model.estimatesChanged(try Samples.threeEstimates)
    model.vehicleSelected(.kangaroo)
    _ = log.take()
    model.destinationSelected(try Samples.airport)
    #expect(log.take().isEmpty)
    model.destinationSelected(try Samples.unnamed)
    model.estimatesChanged(try Samples.threeEstimates)
    #expect(
      log.take() == [
        .destination("-33.80000, 151.25000"), .options([]), .confirmEnabled(false),
        .options(Self.options), .confirmEnabled(true),
      ])
    #expect(model.selectedVehicle == .kangaroo)
  }

  @Test("loading disables Search and Confirm and gives them back")
  func loading() throws {
    model.destinationQueryChanged("air")
    model.destinationSelected(try Samples.airport)
    model.estimatesChanged(try Samples.threeEstimates)
    model.vehicleSelected(.wallaby)
    _ = log.take()
    model.setLoading(true)
    model.setLoading(true)
    model.vehicleSelected(.wallaroo)
    model.setLoading(false)
    #expect(
      log.take() == [
        .loading(true), .searchEnabled(false), .confirmEnabled(false),
        .loading(false), .searchEnabled(true), .confirmEnabled(true),
      ])
  }

  @Test("repeating the same inputs fires nothing")
  func noDuplicates() throws {
    let opera = try Samples.opera
    let estimates = try Samples.threeEstimates
    let feed = {
      model.destinationQueryChanged("opera")
      model.searchResultsChanged([opera])
      model.destinationSelected(opera)
      model.estimatesChanged(estimates)
      model.vehicleSelected(.wallaby)
      model.setLoading(false)
    }
    feed()
    #expect(
      log.take() == [
        .searchEnabled(true), .results(["1. Sydney Opera House"]),
        .destination("Sydney Opera House"), .options(Self.options), .confirmEnabled(true),
      ])
    feed()
    model.destinationQueryChanged("opera ")
    #expect(log.take().isEmpty)
  }

  @Test("numbered lines map back to results and vehicles; other numbers to nil")
  func lineLookup() throws {
    model.searchResultsChanged([try Samples.opera, try Samples.airport])
    model.estimatesChanged(try Samples.threeEstimates)
    #expect(
      [0, 1, 2, 3, -1, Int.max].map { model.result(atLine: $0)?.address } == [
        nil, "Sydney Opera House", "Sydney Airport", nil, nil, nil,
      ])
    #expect(
      [0, 1, 2, 3, 4, Int.min].map { model.vehicle(atLine: $0) } == [
        nil, .wallaby, .wallaroo, .kangaroo, nil, nil,
      ])
  }

  @Test("a closure may read the view model back and sees the new value")
  func reentrantRead() {
    var seen: [Bool] = []
    model.onSearchEnabledChange = { [model] _ in seen.append(model.isSearchEnabled) }
    model.destinationQueryChanged("a")
    model.destinationQueryChanged("")
    #expect(seen == [true, false])
  }
}
