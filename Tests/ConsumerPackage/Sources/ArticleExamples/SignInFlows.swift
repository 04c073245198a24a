import ServiceUser
import ServiceUserLogin

// Article example begins: SignInFlows imports
import ServiceUserOIDC

// Article example ends

/// ServiceUserOIDC's *Sign-in flows* article, compiled: a browser sign-in through the
/// loopback agent.
public func browserSignIn(service: ServiceUser) async throws {
  // Article example begins: SignInFlows body
  let agent = try LoopbackUserAgent(prompt: "login") { page in
    print("Open \(page.destination) to sign in")  // or write page.html privately, open that
  }
  let session = try await service.signIn(with: agent)     // ServiceUser records it as usual
  // Article example ends
  _ = session
}
