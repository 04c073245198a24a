import Foundation
import Localization
import LoginCore
import WireFormat

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A browser sign-in for command-line and desktop apps (RFC 8252 §7.3): it listens on
/// `127.0.0.1`, on a port the system picks, has the host open the authorization page in the
/// system browser, and takes the one answer the browser is sent back with.
///
/// - Only the loopback interface is listened on; nothing else on the network can reach it.
/// - The host is handed a `BrowserPage`, never a bare address to put on a command line: it
///   writes the page to a file only the person can read and opens that, so no other local
///   user learns the request's `state`, nonce or PKCE challenge (or an end-session request's
///   ID token).
/// - Only the answer to this request ends the wait: a request to the redirect path whose
///   `state` is not the one sent, or whose `Host` is not this agent's own address
///   (`127.0.0.1:<port>`, `localhost:<port>`, `[::1]:<port>`), gets `400` (`421` for another
///   host) and the agent keeps waiting. Requests to other paths (a browser's `favicon.ico`)
///   get `404`. Connections are read side by side: one that sends nothing delays no other.
///   Past 32 at once, a new one closes the oldest that has sent nothing, so connections left
///   silent never push out a browser midway through its request.
/// - The redirect path is compared with the request's as RFC 3986 §6.2.2 normalises them
///   (percent-encoding's hex digits in upper case, unreserved characters decoded), raw
///   otherwise: `/call%20back` matches `/call%20back`, `/a%2Fb` is not `/a/b`, and `/done/`
///   is not `/done`.
/// - The taken answer gets a short page ("you can close this window", in the app's language,
///   from `ServiceUserOIDC.strings`) that sends no referrer and is not cached.
/// - Its sockets are close-on-exec: a browser the host starts inherits none of them. On
///   Linux they are so from the moment they exist (`SOCK_CLOEXEC`, `accept4`), so not even a
///   browser started on another thread at that very moment does.
/// - It waits at most `timeLimit` (5 minutes by default) and stops at once when the calling
///   task is cancelled. It serves one sign-in: make a new agent for the next.
///
/// Register `http://127.0.0.1/callback` at the provider with any port allowed (RFC 8252
/// §7.3 asks providers to accept any port for loopback redirects).
///
/// ```swift
/// let agent = try LoopbackUserAgent { page in
///   print("Open \(page.destination.absoluteString) to sign in")  // the person's terminal
///   openInBrowser(writtenPrivately: page.html)                 // a 0600 file, not argv
/// }
/// let session = try await service.signIn(with: agent)   // ServiceUserLogin records it
/// ```
public final class LoopbackUserAgent: BrowserUserAgent {
  /// The default longest wait for the browser to come back.
  public static let defaultTimeLimit: Duration = .seconds(300)
  /// The largest request head read from the browser.
  static let maximumRequestBytes = 16 << 10

  /// `http://127.0.0.1:<port><path>`.
  public let redirectURI: URL
  /// The `prompt` sign-ins through this agent ask for (e.g. `"login"`), or `nil`.
  public let prompt: String?
  /// The `login_hint` sign-ins through this agent give, or `nil`.
  public let loginHint: String?
  /// The redirect path, percent-encoded and normalised (`LoopbackRequest.normalisedPath`).
  let path: String
  /// The port listened on.
  let port: Int
  let timeLimit: Duration
  /// How long one connection may take to send its request head (5 s; tests make it longer).
  let requestTimeLimit: Duration
  private let open: @Sendable (BrowserPage) -> Void
  /// The listening socket, `nil` once the one sign-in is over.
  private let listener: Locked<Int32?>
  let cancelled = Locked(false)

  /// Starts listening on `127.0.0.1` at a port the system picks.
  /// - Parameters:
  ///   - path: The redirect URI's path, percent-encoded as it is to appear in the address;
  ///     `/callback` by default.
  ///   - timeLimit: The longest wait for the browser to come back.
  ///   - prompt: OpenID Connect's `prompt`: `"login"` to have the person sign in again
  ///     (after a sign-out, say) rather than be signed back in by the browser's session.
  ///   - loginHint: Who is expected to sign in, or `nil`.
  ///   - open: Opens the page in the browser: write `page.html` to a file only the person
  ///     can read and start the browser with that file (also show `page.destination` on the
  ///     person's own screen, in case no browser starts); called once per sign-in.
  /// - Throws: `LoopbackUserAgentError.cannotListen` when no loopback port can be opened,
  ///   `.invalidPath` for a path that cannot be part of an address.
  public convenience init(
    path: String = "/callback", timeLimit: Duration = LoopbackUserAgent.defaultTimeLimit,
    prompt: String? = nil, loginHint: String? = nil,
    open: @escaping @Sendable (BrowserPage) -> Void
  ) throws(LoopbackUserAgentError) {
    try self.init(
      path: path, timeLimit: timeLimit, requestTimeLimit: .seconds(5), prompt: prompt,
      loginHint: loginHint, open: open)
  }

  /// The public initialiser's work, with the time one connection may take to send its
  /// request head: tests lengthen it, so that what they measure cannot be a connection's own
  /// limit running out.
  package init(
    path: String, timeLimit: Duration, requestTimeLimit: Duration, prompt: String?,
    loginHint: String?, open: @escaping @Sendable (BrowserPage) -> Void
  ) throws(LoopbackUserAgentError) {
    let cleanPath = path.hasPrefix("/") ? path : "/" + path
    guard !cleanPath.contains("?"), !cleanPath.contains("#"),
      let probe = URLComponents(string: "http://127.0.0.1:1\(cleanPath)"),
      probe.percentEncodedPath == cleanPath
    else { throw .invalidPath(path) }
    let (socket, port) = try Self.openListener()
    guard let url = URL(string: "http://127.0.0.1:\(port)\(cleanPath)") else {
      close(socket)
      throw .invalidPath(path)
    }
    self.redirectURI = url
    self.prompt = prompt
    self.loginHint = loginHint
    self.path = LoopbackRequest.normalisedPath(cleanPath)
    self.port = port
    self.timeLimit = timeLimit
    self.requestTimeLimit = requestTimeLimit
    self.open = open
    self.listener = Locked(socket)
  }

  deinit {
    if let socket = listener.withLock({ $0 }) { close(socket) }
  }

  /// Has the host open a page that forwards the browser to `url`, and waits for the answer
  /// that carries `url`'s `state` back.
  /// - Parameter url: The authorization (or end-session) request's address. Without a
  ///   `state` in it, the first request to the redirect path is taken.
  /// - Returns: The address the browser was sent back to, query included.
  /// - Throws: `.refused(.signInCancelled)` when the calling task is cancelled,
  ///   `.refused(.signInExpired)` past the time limit, `.refused(.signInInterrupted)` when
  ///   this agent served (or is serving) a sign-in already, or when the system can no longer
  ///   wait on its socket (`poll` fails but for a signal, or reports the socket broken).
  public func authorize(_ url: URL) async throws(AuthFailure) -> URL {
    let items = URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems ?? []
    return try await serve(BrowserPage(forwardingTo: url), state: Self.state(in: items))
  }

  /// Has the host open a page that submits `form` to `url` (POST), and waits for the answer
  /// that carries the form's `state` back.
  /// - Parameters:
  ///   - form: The request's fields.
  ///   - url: The endpoint.
  /// - Returns: The address the browser was sent back to, query included.
  /// - Throws: As `authorize(_:)`.
  public func authorize(posting form: [URLQueryItem], to url: URL) async throws(AuthFailure)
    -> URL
  {
    try await serve(BrowserPage(posting: form, to: url), state: Self.state(in: form))
  }

  /// The one `state` among `items`, or `nil` (none, or several).
  private static func state(in items: [URLQueryItem]) -> String? {
    let states = items.filter { $0.name == "state" }
    return states.count == 1 ? states[0].value : nil
  }

  /// Opens `page` through the host's closure and waits on the socket's own thread.
  private func serve(_ page: BrowserPage, state: String?) async throws(AuthFailure) -> URL {
    // Taken at once: a second call, even a concurrent one, finds no socket.
    let taken = listener.withLock { value -> Int32? in
      defer { value = nil }
      return value
    }
    guard let socket = taken else { throw .refused(.signInInterrupted) }
    if Task.isCancelled {
      close(socket)
      throw .refused(.signInCancelled)
    }
    open(page)
    let outcome = await withTaskCancellationHandler {
      await withCheckedContinuation {
        (continuation: CheckedContinuation<Result<URL, AuthFailure>, Never>) in
        let thread = Thread { [self] in
          let result = wait(on: socket, state: state)
          close(socket)
          continuation.resume(returning: result)
        }
        thread.name = "ServiceUserOIDC.LoopbackUserAgent"
        thread.start()
      }
    } onCancel: {
      cancelled.withLock { $0 = true }
    }
    return try outcome.get()
  }

  /// The page the browser shows: the sign-in is handed back to the app.
  static func page() -> String {
    shortPage(TextTable.serviceUserOIDC.text("browser.page.done"))
  }

  /// A page with one sentence.
  static func shortPage(_ sentence: String) -> String {
    let title = BrowserPage.escaped(TextTable.serviceUserOIDC.text("browser.page.title"))
    return
      "<!doctype html><html><head><meta charset=\"utf-8\"><title>\(title)</title></head>"
      + "<body><p>\(BrowserPage.escaped(sentence))</p></body></html>"
  }
}

/// Why a `LoopbackUserAgent` could not start.
public enum LoopbackUserAgentError: Error, Sendable, Equatable {
  /// No socket could listen on `127.0.0.1`; the system's `errno`.
  case cannotListen(errno: Int32)
  /// The path cannot be part of a URL.
  case invalidPath(String)
}

extension LoopbackUserAgentError: LocalizedError, CustomStringConvertible {
  /// One sentence, in the language `Texts.language` names.
  public var message: String {
    switch self {
    case .cannotListen(let number):
      TextTable.serviceUserOIDC.text("browser.cannotListen", ["errno": String(number)])
    case .invalidPath(let path):
      TextTable.serviceUserOIDC.text("browser.invalidPath", ["path": path])
    }
  }

  /// The same as `message`.
  public var errorDescription: String? { message }

  /// The sentence in English, for logs.
  public var description: String { Texts.inEnglish { message } }
}
