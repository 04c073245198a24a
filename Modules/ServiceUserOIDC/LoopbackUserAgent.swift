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
/// system browser, and takes the one request the browser is sent back with.
///
/// - Only the loopback interface is listened on; nothing else on the network can reach it.
/// - Requests to other paths (a browser's `favicon.ico`, a stray local program) get `404`
///   and are not taken; the first request to the redirect path is, and it is answered with
///   a short page ("you can close this window", in the app's language, from
///   `ServiceUserOIDC.strings`) that sends no referrer and is not cached.
/// - It waits at most `timeLimit` (5 minutes by default) and stops at once when the calling
///   task is cancelled. It serves one sign-in: make a new agent for the next.
///
/// Register `http://127.0.0.1/callback` at the provider with any port allowed (RFC 8252
/// §7.3 asks providers to accept any port for loopback redirects).
///
/// ```swift
/// let agent = try LoopbackUserAgent { url in
///   print("Open \(url) to sign in")           // or start the system browser with it
/// }
/// let session = try await api.signIn(with: agent)
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
  private let path: String
  private let timeLimit: Duration
  private let open: @Sendable (URL) -> Void
  /// The listening socket, `nil` once the one sign-in is over.
  private let listener: Locked<Int32?>
  private let cancelled = Locked(false)

  /// Starts listening on `127.0.0.1` at a port the system picks.
  /// - Parameters:
  ///   - path: The redirect URI's path; `/callback` by default.
  ///   - timeLimit: The longest wait for the browser to come back.
  ///   - prompt: OpenID Connect's `prompt`: `"login"` to have the person sign in again
  ///     (after a sign-out, say) rather than be signed back in by the browser's session.
  ///   - loginHint: Who is expected to sign in, or `nil`.
  ///   - open: Opens the authorization page, e.g. by starting the system browser with it
  ///     (also show the address, in case no browser starts); called once per sign-in.
  /// - Throws: `LoopbackUserAgentError.cannotListen` when no loopback port can be opened.
  public init(
    path: String = "/callback", timeLimit: Duration = LoopbackUserAgent.defaultTimeLimit,
    prompt: String? = nil, loginHint: String? = nil,
    open: @escaping @Sendable (URL) -> Void
  ) throws(LoopbackUserAgentError) {
    let cleanPath = path.hasPrefix("/") ? path : "/" + path
    let (socket, port) = try Self.openListener()
    guard let url = URL(string: "http://127.0.0.1:\(port)\(cleanPath)") else {
      close(socket)
      throw .invalidPath(path)
    }
    self.redirectURI = url
    self.prompt = prompt
    self.loginHint = loginHint
    self.path = url.path
    self.timeLimit = timeLimit
    self.open = open
    self.listener = Locked(socket)
  }

  deinit {
    if let socket = listener.withLock({ $0 }) { close(socket) }
  }

  /// Opens the page through the host's closure and waits for the browser's request.
  ///
  /// The closure is given a one-time loopback address (`http://127.0.0.1:<port>/start-…`)
  /// that redirects to `url`, so the page's address, which may carry an ID token hint,
  /// never appears on a command line another local user can read.
  /// - Parameter url: The authorization request's address.
  /// - Returns: The address the browser was sent back to, query included.
  /// - Throws: `.refused(.signInCancelled)` when the calling task is cancelled,
  ///   `.refused(.signInExpired)` past the time limit, `.refused(.signInInterrupted)` when
  ///   this agent served (or is serving) a sign-in already.
  public func authorize(_ url: URL) async throws(AuthFailure) -> URL {
    // Taken at once: a second call, even a concurrent one, finds no socket.
    guard let socket = listener.withLock({ value -> Int32? in defer { value = nil }; return value })
    else { throw .refused(.signInInterrupted) }
    if Task.isCancelled {
      close(socket)
      throw .refused(.signInCancelled)
    }
    let start = "/start-" + PKCE.randomToken()
    guard let startURL = URL(string: "http://127.0.0.1:\(redirectURI.port ?? 0)\(start)") else {
      close(socket)
      throw .refused(.signInInterrupted)
    }
    open(startURL)
    let outcome = await withTaskCancellationHandler {
      await withCheckedContinuation {
        (continuation: CheckedContinuation<Result<URL, AuthFailure>, Never>) in
        let thread = Thread { [self] in
          let result = wait(on: socket, start: start, page: url)
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

  /// Accepts connections until one asks for the redirect path, the time limit passes or the
  /// sign-in is cancelled; the first request to `start` is sent on to `page`. Runs on its
  /// own thread: `poll` and `accept` block, never longer than a fifth of a second.
  private func wait(on socket: Int32, start: String, page: URL) -> Result<URL, AuthFailure> {
    let clock = ContinuousClock()
    let deadline = clock.now + timeLimit
    var startUsed = false
    while true {
      if cancelled.withLock({ $0 }) { return .failure(.refused(.signInCancelled)) }
      guard clock.now < deadline else { return .failure(.refused(.signInExpired)) }
      var entry = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
      guard poll(&entry, 1, 200) > 0 else { continue }
      let connection = accept(socket, nil, nil)
      guard connection >= 0 else { continue }
      defer { close(connection) }
      // One request may take at most 5 seconds to arrive, within the sign-in's own limit.
      let readDeadline = min(clock.now + .seconds(5), deadline)
      guard let target = readTarget(connection, until: readDeadline, clock: clock) else {
        continue
      }
      let targetPath = target.split(separator: "?", maxSplits: 1).first.map(String.init) ?? target
      if targetPath == start, !startUsed {
        startUsed = true
        reply(connection, status: "302 Found", page: nil, location: page.absoluteString)
      } else if targetPath == path {
        reply(connection, status: "200 OK", page: Self.page())
        return URL(string: "http://127.0.0.1:\(redirectURI.port ?? 0)\(target)").map {
          .success($0)
        } ?? .failure(.refused(.signInInterrupted))
      } else {
        reply(connection, status: "404 Not Found", page: nil)
      }
    }
  }

  /// Reads one request head, checking for cancellation as it waits, and returns its target;
  /// `nil` (with `400` sent when the request was malformed) when none came in time.
  private func readTarget(
    _ connection: Int32, until readDeadline: ContinuousClock.Instant, clock: ContinuousClock
  ) -> String? {
    var head = [UInt8]()
    var buffer = [UInt8](repeating: 0, count: 4096)
    while head.count <= Self.maximumRequestBytes, !head.suffix(4).elementsEqual("\r\n\r\n".utf8) {
      if cancelled.withLock({ $0 }) || clock.now >= readDeadline { return nil }
      var entry = pollfd(fd: connection, events: Int16(POLLIN), revents: 0)
      guard poll(&entry, 1, 200) > 0 else { continue }
      let count = recv(connection, &buffer, buffer.count, 0)
      guard count > 0 else { break }
      head += buffer[0..<count]
    }
    let line = head.split(separator: UInt8(ascii: "\r"), maxSplits: 1).first ?? []
    let parts = line.split(separator: UInt8(ascii: " "))
    guard parts.count == 3, parts[0].elementsEqual("GET".utf8), parts[1].first == UInt8(ascii: "/"),
      parts[1].allSatisfy({ (0x21...0x7E).contains($0) })
    else {
      reply(connection, status: "400 Bad Request", page: nil)
      return nil
    }
    return String(decoding: parts[1], as: UTF8.self)
  }

  /// Writes an answer and its page (or where to go instead), closing the exchange.
  private func reply(_ connection: Int32, status: String, page: String?, location: String? = nil)
  {
    let body = Array((page ?? "").utf8)
    let head =
      "HTTP/1.1 \(status)\r\nContent-Type: text/html; charset=utf-8\r\n"
      + (location.map { "Location: \($0)\r\n" } ?? "")
      + "Content-Length: \(body.count)\r\nCache-Control: no-store\r\n"
      + "Referrer-Policy: no-referrer\r\nX-Content-Type-Options: nosniff\r\n"
      + "Connection: close\r\n\r\n"
    let bytes = Array(head.utf8) + body
    var sent = 0
    while sent < bytes.count {
      #if canImport(Glibc)
        let flags = Int32(MSG_NOSIGNAL)
      #else
        let flags: Int32 = 0
      #endif
      let count = bytes[sent...].withUnsafeBytes {
        send(connection, $0.baseAddress, $0.count, flags)
      }
      guard count > 0 else { return }
      sent += count
    }
  }

  /// The page the browser shows: the sign-in is handed back to the app.
  static func page() -> String {
    let title = escaped(OIDCText.text("browser.page.title"))
    let text = escaped(OIDCText.text("browser.page.done"))
    return
      "<!doctype html><html><head><meta charset=\"utf-8\"><title>\(title)</title></head>"
      + "<body><p>\(text)</p></body></html>"
  }

  private static func escaped(_ text: String) -> String {
    text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
      .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
  }

  /// A socket listening on `127.0.0.1` at a port the system picks, and that port.
  private static func openListener() throws(LoopbackUserAgentError) -> (Int32, Int) {
    var hints = addrinfo()
    hints.ai_family = AF_INET
    #if canImport(Glibc)
      hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
    #else
      hints.ai_socktype = SOCK_STREAM
    #endif
    hints.ai_flags = AI_NUMERICHOST | AI_NUMERICSERV
    var found: UnsafeMutablePointer<addrinfo>?
    guard getaddrinfo("127.0.0.1", "0", &hints, &found) == 0, let address = found else {
      throw .cannotListen(errno: errno)
    }
    defer { freeaddrinfo(found) }
    let fd = socket(address.pointee.ai_family, address.pointee.ai_socktype, 0)
    guard fd >= 0 else { throw .cannotListen(errno: errno) }
    guard bind(fd, address.pointee.ai_addr, address.pointee.ai_addrlen) == 0, listen(fd, 8) == 0
    else {
      let failure = errno
      close(fd)
      throw .cannotListen(errno: failure)
    }
    // An IPv4 `sockaddr`'s first two data bytes are the port, in network order.
    var bound = sockaddr()
    var length = socklen_t(MemoryLayout<sockaddr>.size)
    guard getsockname(fd, &bound, &length) == 0 else {
      let failure = errno
      close(fd)
      throw .cannotListen(errno: failure)
    }
    let port =
      Int(UInt8(bitPattern: bound.sa_data.0)) << 8 | Int(UInt8(bitPattern: bound.sa_data.1))
    return (fd, port)
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
      OIDCText.text("browser.cannotListen", ["errno": String(number)])
    case .invalidPath(let path):
      OIDCText.text("browser.invalidPath", ["path": path])
    }
  }

  /// The same as `message`.
  public var errorDescription: String? { message }

  /// The sentence in English, for logs.
  public var description: String { Texts.inEnglish { message } }
}
