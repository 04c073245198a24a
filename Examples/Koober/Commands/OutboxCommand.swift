import NetworkClient
import UserModel

/// `koober outbox --to E`: the messages the demo backend "sent" to an email, such as a
/// driver's one-time code, one a line, oldest first.
@MainActor
struct OutboxCommand {
  let app: AppContainer
  let email: String

  func run() async -> ExitCode {
    let console = app.console
    let messages: [OutboxRequest.Message]
    do {
      messages = try await OutboxRequest(configuration: email).perform(on: app.network)
    } catch {
      console.error(Self.sentence(for: error))
      return .failure
    }
    guard !messages.isEmpty else {
      console.line("No messages to \(email).")
      return .ok
    }
    for message in messages {
      console.line("\(KooberJSON.string(from: message.sentAt))  \(message.body)")
    }
    return .ok
  }

  /// One sentence for what went wrong.
  private static func sentence(for error: NetworkError) -> String {
    switch error {
    case .http(404, _, _):
      "This server keeps no outbox: only the embedded backend and 'koober serve --demo' do."
    case .transport, .timeout:
      "Koober can't be reached; check your connection and try again."
    default:
      error.message
    }
  }
}
