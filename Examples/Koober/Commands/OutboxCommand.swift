import Localization
import NetworkClient
import UserModel
import WireFormat

/// `koober outbox --to E`: the messages the demo backend "sent" to an email, such as a
/// driver's one-time code, one a line, oldest first.
struct OutboxCommand: KooberCommand {
  static var configuration: CommandConfiguration {
    CommandConfiguration(
      name: "outbox", summary: TextTable.kooberCommands.text("outbox.summary"),
      arguments: "--to E",
      options: [.value("to", "E", TextTable.kooberCommands.text("outbox.option.to"))],
      details: TextTable.kooberCommands.text("outbox.details"))
  }

  /// `--to E`: whose messages to show.
  let email: String

  init(_ options: OptionReader) throws(UsageError) {
    email = try options.required("to")
  }

  func run(_ context: CommandContext) async -> ExitCode {
    await context.withApp { app in await show(in: app) }
  }

  @MainActor
  private func show(in app: AppContainer) async -> ExitCode {
    let console = app.console
    let messages: [OutboxRequest.Message]
    do {
      messages = try await OutboxRequest(configuration: email).perform(on: app.network)
    } catch {
      console.error(Self.sentence(for: error))
      return .failure
    }
    guard !messages.isEmpty else {
      console.line(TextTable.kooberCommands.text("outbox.empty", ["email": email]))
      return .ok
    }
    for message in messages {
      console.line("\(WireDate.wholeSecondsString(from: message.sentAt))  \(message.body)")
    }
    return .ok
  }

  /// One sentence for what went wrong.
  private static func sentence(for error: NetworkError) -> String {
    switch error {
    case .http(404, _):
      TextTable.kooberCommands.text("outbox.notKept")
    case .transport, .timeout:
      TextTable.kooberCommands.text("outbox.unreachable")
    default:
      error.message
    }
  }
}
