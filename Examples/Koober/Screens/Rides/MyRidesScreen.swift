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
    console.title(KooberText.text("myRides.title"))
    var configuration = RideListConfiguration.all
    while true {
      await show(configuration)
      let choice = await console.choose(from: [
        MenuEntry(title: KooberText.text("myRides.all"), value: Choice.list(.all)),
        MenuEntry(title: KooberText.text("myRides.active"), value: .list(.active)),
        MenuEntry(title: KooberText.text("myRides.completed"), value: .list(.completed)),
        MenuEntry(title: KooberText.text("myRides.cancelled"), value: .list(.cancelled)),
        MenuEntry(title: KooberText.text("myRides.search"), value: .search),
        MenuEntry(title: KooberText.text("entry.backHome"), value: .back),
      ])
      switch choice {
      case .failure(let exit): return exit.destination
      case .success(.back): return .home(user, alert: nil)
      case .success(.list(let chosen)): configuration = chosen
      case .success(.search):
        let answer = await console.askField(KooberText.text("myRides.searchFor")) { text in
          text.isEmpty ? KooberText.text("myRides.searchHint") : nil
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
        console.note(KooberText.text("myRides.saved"))
        shown = saved
      case .fresh(let page):
        guard page.rides != shown else {
          console.note(KooberText.text("myRides.upToDate"))
          continue
        }
        if shown != nil { console.line(KooberText.text("myRides.now")) }
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
      console.line("  " + KooberText.text("myRides.none"))
      return
    }
    list.forEach { console.line("  " + $0.shownLine) }
  }

  private static func heading(_ configuration: RideListConfiguration) -> String {
    switch configuration {
    case .all: KooberText.text("myRides.headingAll")
    case .active: KooberText.text("myRides.headingActive")
    case .completed: KooberText.text("myRides.headingCompleted")
    case .cancelled: KooberText.text("myRides.headingCancelled")
    case .search(let text): KooberText.text("myRides.headingSearch", ["text": text])
    }
  }
}
