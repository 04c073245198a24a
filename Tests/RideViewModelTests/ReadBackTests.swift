import Foundation
import RideModel
import RideViewModel
import TestSupport
import Testing

@MainActor
@Suite("Ride view models may be read back from their own closures")
struct ReadBackTests {
  @Test("request: every closure reads every output back while every input is driven")
  func request() throws {
    let model = RequestRideViewModel()
    let probe = ReadBackProbe { [unowned model] in
      [
        "isLoading": "\(model.isLoading)", "isSearchEnabled": "\(model.isSearchEnabled)",
        "resultLines": "\(model.resultLines)",
        "destinationText": "\(model.destinationText as Any)",
        "vehicleOptionLines": "\(model.vehicleOptionLines)",
        "isConfirmEnabled": "\(model.isConfirmEnabled)",
        "destination": "\(model.destination as Any)",
        "selectedVehicle": "\(model.selectedVehicle as Any)",
        "selectedEstimate": "\(model.selectedEstimate as Any)",
      ]
    }
    model.onLoadingChange = { probe.heard("isLoading", $0) }
    model.onSearchEnabledChange = { probe.heard("isSearchEnabled", $0) }
    model.onResultsTextChange = { probe.heard("resultLines", $0) }
    model.onDestinationTextChange = { probe.heard("destinationText", $0 as Any) }
    model.onVehicleOptionsChange = { probe.heard("vehicleOptionLines", $0) }
    model.onConfirmEnabledChange = { probe.heard("isConfirmEnabled", $0) }

    probe.drive("query typed") { model.destinationQueryChanged("opera") }
    probe.drive("searching") { model.setLoading(true) }
    try probe.drive("results") {
      model.searchResultsChanged([try Samples.opera, try Samples.unnamed])
    }
    probe.drive("searched") { model.setLoading(false) }
    try probe.drive("destination chosen") { model.destinationSelected(try Samples.opera) }
    probe.drive("vehicle chosen") { model.vehicleSelected(.wallaroo) }
    try probe.drive("estimates") { model.estimatesChanged(try Samples.threeEstimates) }
    probe.drive("requesting") { model.setLoading(true) }
    probe.drive("requested") { model.setLoading(false) }
    try probe.drive("another destination") { model.destinationSelected(try Samples.airport) }
    probe.drive("results cleared") { model.searchResultsChanged([]) }
    probe.drive("query cleared") { model.destinationQueryChanged("") }

    #expect(probe.problems == [])
    #expect(
      probe.told == [
        "isLoading", "isSearchEnabled", "resultLines", "destinationText", "vehicleOptionLines",
        "isConfirmEnabled",
      ])
  }

  @Test("status: every closure reads every output back while every input is driven")
  func status() throws {
    let model = RideStatusViewModel()
    let probe = ReadBackProbe { [unowned model] in
      [
        "statusText": "\(model.statusText as Any)",
        "isCancelEnabled": "\(model.isCancelEnabled)",
        "waitingText": "\(model.waitingText as Any)",
        "connectionText": "\(model.connectionText as Any)", "ride": "\(model.ride as Any)",
      ]
    }
    model.onStatusTextChange = { probe.heard("statusText", $0 as Any) }
    model.onCancelEnabledChange = { probe.heard("isCancelEnabled", $0) }
    model.onWaitingTextChange = { probe.heard("waitingText", $0 as Any) }
    model.onConnectionTextChange = { probe.heard("connectionText", $0 as Any) }

    probe.drive("tick before a ride") { model.tick(now: Samples.start) }
    try probe.drive("requested") { model.rideChanged(try Samples.ride(.requested)) }
    probe.drive("tick") { model.tick(now: Samples.start.addingTimeInterval(42)) }
    probe.drive("unreachable") { model.setReconnecting(true) }
    probe.drive("reachable") { model.setReconnecting(false) }
    try probe.drive("accepted") { model.rideChanged(try Samples.ride(.accepted, updated: 50)) }
    try probe.drive("arrived") { model.rideChanged(try Samples.ride(.arrived, updated: 60)) }
    try probe.drive("completed") { model.rideChanged(try Samples.ride(.completed, updated: 90)) }

    #expect(probe.problems == [])
    #expect(probe.told == ["statusText", "isCancelEnabled", "waitingText", "connectionText"])
  }

  @Test("driver: every closure reads every output back while every input is driven")
  func driver() throws {
    let model = DriverQueueViewModel()
    let probe = ReadBackProbe { [unowned model] in
      [
        "queueText": "\(model.queueText)",
        "currentRideText": "\(model.currentRideText as Any)",
        "advanceTitle": "\(model.advanceTitle as Any)",
        "currentRide": "\(model.currentRide as Any)",
      ]
    }
    model.onQueueTextChange = { probe.heard("queueText", $0) }
    model.onCurrentRideTextChange = { probe.heard("currentRideText", $0 as Any) }
    model.onAdvanceTitleChange = { probe.heard("advanceTitle", $0 as Any) }

    try probe.drive("queue") {
      model.queueChanged([try Samples.ride(.requested), try Samples.ride(.requested, id: "r2")])
    }
    try probe.drive("accepted") {
      model.currentRideChanged(try Samples.ride(.accepted))
    }
    probe.drive("queue emptied") { model.queueChanged([]) }
    try probe.drive("in progress") {
      model.currentRideChanged(try Samples.ride(.inProgress, updated: 30))
    }
    try probe.drive("completed") {
      model.currentRideChanged(try Samples.ride(.completed, updated: 60))
    }
    probe.drive("gone") { model.currentRideChanged(nil) }

    #expect(probe.problems == [])
    #expect(probe.told == ["queueText", "currentRideText", "advanceTitle"])
  }
}
