import ServiceRide

extension PassengerRideLogicControl {
  /// Runs one step at a time: `nil` (and nothing reported) while another is in flight; a
  /// failure thrown by `body` is reported through `didFail`.
  func run(
    _ body: @escaping @MainActor (PassengerRideLogicControl) async throws(RideLogicError) -> Void
  ) -> Task<Void, Never>? {
    guard !isWorking else { return nil }
    isWorking = true
    return Task {
      do throws(RideLogicError) {
        try await body(self)
      } catch {
        self.delegate?.passengerLogic(self, didFail: error)
      }
      self.isWorking = false
    }
  }

  /// Calls the service, wrapping its failure for the flow.
  func call<T>(_ body: () async throws(RideError) -> T) async throws(RideLogicError) -> T {
    do {
      return try await body()
    } catch {
      throw .service(error)
    }
  }

  /// Reports a refusal of the flow's rules; nothing is sent.
  @discardableResult
  func refuse(_ error: RideLogicError) -> Task<Void, Never>? {
    delegate?.passengerLogic(self, didFail: error)
    return nil
  }
}
