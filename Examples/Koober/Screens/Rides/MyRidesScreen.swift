import Localization
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
    console.title(TextTable.koober.text("myRides.title"))
    var configuration = RideListConfiguration.all
    while true {
      await show(configuration)
      let choice = await console.choose(from: [
        MenuEntry(title: TextTable.koober.text("myRides.all"), value: Choice.list(.all)),
        MenuEntry(title: TextTable.koober.text("myRides.active"), value: .list(.active)),
        MenuEntry(title: TextTable.koober.text("myRides.completed"), value: .list(.completed)),
        MenuEntry(title: TextTable.koober.text("myRides.cancelled"), value: .list(.cancelled)),
        MenuEntry(title: TextTable.koober.text("myRides.search"), value: .search),
        MenuEntry(title: TextTable.koober.text("entry.backHome"), value: .back),
      ])
      switch choice {
      case .failure(let exit): return exit.destination
      case .success(.back): return .home(user, alert: nil)
      case .success(.list(let chosen)): configuration = chosen
      case .success(.search):
        let answer = await console.askField(TextTable.koober.text("myRides.searchFor")) { text in
          text.isEmpty ? TextTable.koober.text("myRides.searchHint") : nil
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
    console.line(Self.heading(configuration))
    var shown: [Ride]?
    for await update in rides.myRides(configuration) {
      switch update {
      case .cached(let saved):
        guard !saved.isEmpty else { continue }
        write(saved)
        console.note(TextTable.koober.text("myRides.saved"))
        shown = saved
      case .fresh(let page):
        guard page.rides != shown else {
          console.note(TextTable.koober.text("myRides.upToDate"))
          continue
        }
        if shown != nil { console.line(TextTable.koober.text("myRides.now")) }
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
      console.line("  " + TextTable.koober.text("myRides.none"))
      return
    }
    list.forEach { console.line("  " + $0.shownLine) }
  }

  private static func heading(_ configuration: RideListConfiguration) -> String {
    switch configuration {
    case .all: TextTable.koober.text("myRides.headingAll")
    case .active: TextTable.koober.text("myRides.headingActive")
    case .completed: TextTable.koober.text("myRides.headingCompleted")
    case .cancelled: TextTable.koober.text("myRides.headingCancelled")
    case .search(let text): TextTable.koober.text("myRides.headingSearch", ["text": text])
    }
  }
}
