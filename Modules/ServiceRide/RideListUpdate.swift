import RideModel

/// One step of "my rides": what the cache holds, shown at once, then the server's answer
/// or why it could not be had.
///
/// ```swift
/// for await update in rides.myRides(.completed) {
///   switch update {
///   case .cached(let rides): show(rides, note: "updating…")
///   case .fresh(let page): show(page.rides, note: nil)
///   case .failed(let error): showNote(error.message)   // the cached rides stay on screen
///   }
/// }
/// ```
public enum RideListUpdate: Sendable, Equatable {
  /// The rides the cache holds for this list, newest first; possibly empty.
  case cached([Ride])
  /// The server's first page for this list; the cache now holds these rides too.
  case fresh(RideListResponse)
  /// The server could not be asked or refused; the cached rides are all there is.
  case failed(RideError)
}
