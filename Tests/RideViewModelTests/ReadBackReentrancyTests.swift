import RideModel
import RideViewModel
import TestSupport
import Testing

/// A closure that sends an input while other calls of its event still wait: every closure is
/// given the value its model holds when it runs, and each output is told once, with its
/// latest value, in the order of its latest change.
@MainActor
@Suite("Ride view models tell the latest value when a closure sends an input")
struct ReadBackReentrancyTests {
  @Test("request: fares sent from the destination's closure replace the waiting calls")
  func faresFromDestinationClosure() throws {
    let model = RequestRideViewModel()
    model.destinationSelected(try Samples.opera)
    model.vehicleSelected(.wallaroo)
    model.estimatesChanged(try Samples.threeEstimates)
    #expect(model.isConfirmEnabled)
    let airportFares = [
      try Samples.estimate(.wallaroo, cents: 4120, eta: 7),
      try Samples.estimate(.kangaroo, cents: 5290, eta: 12),
    ]
    let probe = ReadBackProbe { [unowned model] in
      [
        "destinationText": "\(model.destinationText as Any)",
        "vehicleOptionLines": "\(model.vehicleOptionLines)",
        "isConfirmEnabled": "\(model.isConfirmEnabled)",
      ]
    }
    model.onVehicleOptionsChange = { probe.heard("vehicleOptionLines", $0) }
    model.onConfirmEnabledChange = { probe.heard("isConfirmEnabled", $0) }
    model.onDestinationTextChange = { [unowned model] text in
      probe.heard("destinationText", text as Any)
      // A host that answers the new destination's fares from its cache, at once.
      model.estimatesChanged(airportFares)
    }

    // The event drops the opera's fares and disables Confirm; both calls still wait when the
    // airport's fares arrive, so the options are told once, with the new fares, and Confirm,
    // enabled again, is not told at all.
    try model.destinationSelected(Samples.airport)

    #expect(probe.problems == [])
    #expect(
      probe.calls == [
        "destinationText \(model.destinationText as Any)",
        "vehicleOptionLines \(model.vehicleOptionLines)",
      ])
    #expect(model.vehicleOptionLines.count == 2 && model.isConfirmEnabled)
  }
}
