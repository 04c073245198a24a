import Foundation
import LoginCore

/// The app's agent, telling the control when the page is being opened.
struct WatchedAgent: BrowserUserAgent {
  let agent: any BrowserUserAgent
  let opened: @MainActor @Sendable (URL) -> Void

  init(_ agent: any BrowserUserAgent, opened: @escaping @MainActor @Sendable (URL) -> Void) {
    self.agent = agent
    self.opened = opened
  }

  var redirectURI: URL { agent.redirectURI }
  var prompt: String? { agent.prompt }
  var loginHint: String? { agent.loginHint }

  func authorize(_ url: URL) async throws(AuthFailure) -> URL {
    if Task.isCancelled { throw .refused(.signInCancelled) }
    await opened(url)
    return try await agent.authorize(url)
  }
}
