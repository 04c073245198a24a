import Foundation
import KooberBackend
import Localization

/// The server the client talks to: the reference backend started inside this process (the
/// default), or the `--server URL` the person chose.
///
/// Either way the client reaches it over real HTTP: the embedded backend listens on a
/// loopback port the system picks, and its accounts live in the data folder, so they are
/// there again on the next run.
final class ServerConnection: Sendable {
  /// Where requests go.
  let baseURL: URL
  /// The embedded backend, or `nil` for `--server`.
  private let backend: KooberBackend?

  /// Whether this is the embedded backend (the outbox is always there).
  var isEmbedded: Bool { backend != nil }

  private init(baseURL: URL, backend: KooberBackend?) {
    self.baseURL = baseURL
    self.backend = backend
  }

  /// Uses a server somewhere else.
  /// - Parameter url: `--server`.
  /// - Returns: The connection.
  static func remote(_ url: URL) -> ServerConnection {
    ServerConnection(baseURL: url, backend: nil)
  }

  /// Starts the reference backend in demo mode on a loopback port.
  /// - Parameters:
  ///   - folder: Where its database lives (the data folder's `backend`).
  ///   - settings: Password iterations and the simulated driver's intervals.
  /// - Returns: The connection to it.
  /// - Throws: `StartupFailure` when its database cannot be opened or no port is free.
  static func embedded(in folder: URL, settings: BackendSettings) throws(StartupFailure)
    -> ServerConnection
  {
    var configuration = KooberBackend.Configuration(dataDirectory: folder)
    configuration.demoMode = true
    settings.apply(to: &configuration)
    do {
      let backend = try KooberBackend.start(configuration)
      return ServerConnection(baseURL: backend.baseURL, backend: backend)
    } catch {
      throw StartupFailure(
        message: TextTable.koober.text("startup.backendFailed", ["reason": error.message]),
        exitCode: .failure)
    }
  }

  /// Stops the embedded backend; nothing to do for a remote server.
  func stop() {
    backend?.stop()
  }
}
