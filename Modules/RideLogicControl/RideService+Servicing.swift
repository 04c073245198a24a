import ServiceRide

/// The real service: `RideService` already has every call both flows make.
extension RideService: PassengerRideServicing, DriverRideServicing {}
