import RideModel
import ServiceRide
import UserModel

/// `[My rides]`: the account's rides, one list of the request group at a time (all, active,
/// completed, cancelled, or a search). The rides saved on this device show at once; the
/// server's list follows, or an alert says why it could not be had.
@MainActor
final class MyRidesScreen: Screen {
  private enum Choice {
    case list(RideListConfiguration)
    case search
    case back
  }

  private let console: Console
  private let user: User
  private let rides: RideService

  /// Makes the screen.
  /// - Parameters:
  ///   - console: The terminal.
  ///   - user: The signed-in user (a driver's list holds the rides they accepted).
  ///   - rides: The user's ride service.
  init(console: Console, user: User, rides: RideService) {
    self.console = console
    self.user = user
    self.rides = rides
  }

  func run() async -> Destination {
    console.title("My rides")
    var configuration = RideListConfiguration.all
    while true {
      await show(configuration)
      let choice = await console.choose(from: [
        MenuEntry(title: "All rides", value: Choice.list(.all)),
        MenuEntry(title: "Active", value: .list(.active)),
        MenuEntry(title: "Completed", value: .list(.completed)),
        MenuEntry(title: "Cancelled", value: .list(.cancelled)),
        MenuEntry(title: "Search", value: .search),
        MenuEntry(title: "Back home", value: .back),
      ])
      switch choice {
      case .failure(let exit): return exit.destination
      case .success(.back): return .home(user, alert: nil)
      case .success(.list(let chosen)): configuration = chosen
      case .success(.search):
        let answer = await console.askField("Search for (part of a place's name)") { text in
          text.isEmpty ? "Type part of a place's name." : nil
        }
        switch answer {
        case .leave(let destination): return destination
        case .answer(let text): configuration = .search(text)
        }
      }
    }
  }

  /// Writes one list: the saved rides first, then the server's when they differ.
  private func show(_ configuration: RideListConfiguration) async {
    console.line(Self.heading(configuration) + ":")
    var shown: [Ride]?
    for await update in rides.myRides(configuration) {
      switch update {
      case .cached(let saved):
        guard !saved.isEmpty else { continue }
        write(saved)
        console.note("(saved on this device; checking with Koober…)")
        shown = saved
      case .fresh(let page):
        guard page.rides != shown else {
          console.note("Up to date.")
          continue
        }
        if shown != nil { console.line("Now:") }
        write(page.rides)
        shown = page.rides
      case .failed(let error):
        console.alert(error.message)
        if shown == nil { write([]) }
      }
    }
  }

  private func write(_ list: [Ride]) {
    guard !list.isEmpty else {
      console.line("  No rides.")
      return
    }
    list.forEach { console.line("  " + $0.line) }
  }

  private static func heading(_ configuration: RideListConfiguration) -> String {
    switch configuration {
    case .all: "All rides"
    case .active: "Active rides"
    case .completed: "Completed rides"
    case .cancelled: "Cancelled rides"
    case .search(let text): "Rides to or from '\(text)'"
    }
  }
}
