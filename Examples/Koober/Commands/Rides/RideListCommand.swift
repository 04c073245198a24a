import Localization
import RideModel
import ServiceRide

/// `koober rides list [--scope S | --search TEXT]`: the account's rides, newest first, one a
/// line (id, status, route). When the server can't be asked, the rides saved on this device
/// are listed, one sentence on stderr says why they may be out of date, and the command
/// exits 1.
struct RideListCommand: KooberCommand {
  static var configuration: CommandConfiguration {
    CommandConfiguration(
      name: "list", group: .rides, summary: TextTable.kooberCommands.text("ridesList.summary"),
      arguments: "[--scope all|active|completed|cancelled] [--search TEXT]",
      options: [
        .value("scope", "S", TextTable.kooberCommands.text("ridesList.option.scope")),
        .value("search", "TEXT", TextTable.kooberCommands.text("ridesList.option.search")),
      ],
      details: TextTable.kooberCommands.text("ridesList.details"))
  }

  /// The rides to list.
  let list: RideListConfiguration

  init(_ options: OptionReader) throws(UsageError) {
    list = try options.rideList()
  }

  func run(_ context: CommandContext) async -> ExitCode {
    let console = context.console
    return await context.withSignedIn(.feature(.myRides)) { container in
      var saved: [Ride] = []
      for await update in await container.rides().myRides(list) {
        switch update {
        case .cached(let rides):
          saved = rides
        case .fresh(let page):
          Self.write(page.rides, on: console)
          return .ok
        case .failed(let error):
          guard !saved.isEmpty, error.isTransient else { return console.fail(error) }
          Self.write(saved, on: console)
          console.error(Self.savedOnly(error.message))
          return .failure
        }
      }
      return .ok
    }
  }

  /// The failure's sentence, saying that the rides listed are the saved ones.
  static func savedOnly(_ message: String) -> String {
    let ended = message.hasSuffix(".") || message.hasSuffix("。")
    let reason = ended ? String(message.dropLast()) : message
    return TextTable.kooberCommands.text("rides.savedOnly", ["reason": reason])
  }

  @MainActor
  private static func write(_ rides: [Ride], on console: Console) {
    guard !rides.isEmpty else {
      console.line(TextTable.kooberCommands.text("rides.listEmpty"))
      return
    }
    rides.forEach { console.line($0.line) }
  }
}
