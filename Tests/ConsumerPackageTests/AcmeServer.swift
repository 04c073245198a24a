import Foundation
import LoopbackServer

/// Acme's made-up account server, on a loopback port: its own paths, field names and
/// status codes (see `AcmeAuthAPI`), and a data route the demo calls as the app's own request.
/// It counts what it was asked, so the test can check the client from the server's side.
/// Like Acme's adapter says, it revokes a session only by a live access token: a sign-out
/// revokes that token and the refresh token issued with it; a refresh token stays live until
/// then or until it is spent (`refreshTokens` shows which are).
final class AcmeServer: Sendable {
  actor State {
    var tokens: [String: Date] = [:]
    /// The refresh tokens that still renew a session.
    var refreshTokens: Set<String> = []
    /// The refresh token issued with each access token.
    var pairs: [String: String] = [:]
    var counter = 0
    var calls: [String] = []

    func record(_ call: String) { calls.append(call) }

    /// New tokens, as Acme's `{"access", "refresh", "ttl"}` fields.
    func issue(lifetime: TimeInterval) -> [String: String] {
      counter += 1
      let access = "acme-access-\(counter)"
      let refresh = "acme-refresh-\(counter)"
      tokens[access] = Date().addingTimeInterval(lifetime)
      refreshTokens.insert(refresh)
      pairs[access] = refresh
      return ["access": access, "refresh": refresh]
    }

    func spend(_ refresh: String) -> Bool { refreshTokens.remove(refresh) != nil }

    /// 200 for a live token, 419 for a lapsed one, 403 for an unknown one.
    func check(_ authorization: String?) -> Int {
      guard let token = authorization?.split(separator: " ").last.map(String.init),
        let expiry = tokens[token]
      else { return 403 }
      return Date() < expiry ? 200 : 419
    }

    /// Revokes a live access token and the refresh token issued with it.
    func revoke(_ authorization: String?) {
      guard let token = authorization?.split(separator: " ").last.map(String.init) else { return }
      tokens[token] = nil
      if let refresh = pairs.removeValue(forKey: token) { refreshTokens.remove(refresh) }
    }
  }

  let server: LoopbackServer
  let state = State()

  init() throws {
    server = try LoopbackServer()
    let state = self.state
    server.route(.post, "/api/sessions") { request in
      await state.record("sign-in")
      let body = Self.object(request.body)
      guard body["login"] as? String == "rita", body["secret"] as? String == "acme-pass" else {
        return Self.json(403, ["problem": "bad_login"])
      }
      // The first token lapses on the server after 2 s, long before the 10 minutes it
      // announces: the client learns of it from a 419, as after a server-side key change.
      var answer: [String: Any] = await state.issue(lifetime: 2)
      answer["ttl"] = 600
      answer["member"] = ["uid": "m-1", "login": "rita", "displayName": "Rita", "role": "rider"]
      return Self.json(200, answer)
    }
    server.route(.post, "/api/sessions/renew") { request in
      await state.record("renew")
      guard let refresh = Self.object(request.body)["refresh"] as? String,
        await state.spend(refresh)
      else { return Self.json(403, ["problem": "stale"]) }
      var answer: [String: Any] = await state.issue(lifetime: 600)
      answer["ttl"] = 600
      return Self.json(200, answer)
    }
    server.route(.get, "/api/trips") { request in
      let status = await state.check(request.headers["Authorization"])
      await state.record("trips \(status)")
      return status == 200 ? Self.json(200, ["t-1", "t-2"]) : Self.json(status, ["problem": "no"])
    }
    server.route(.delete, "/api/sessions") { request in
      let status = await state.check(request.headers["Authorization"])
      await state.record("sign-out \(status)")
      switch status {
      case 200:
        await state.revoke(request.headers["Authorization"])
        return HTTPResponse(status: 204)
      case 419: return Self.json(419, ["problem": "lapsed"])
      default: return Self.json(403, ["problem": "revoked"])
      }
    }
  }

  var baseURL: URL { server.baseURL }

  func stop() { server.stop() }

  private static func object(_ body: Data) -> [String: Any] {
    (try? JSONSerialization.jsonObject(with: body)) as? [String: Any] ?? [:]
  }

  private static func json(_ status: Int, _ value: Any) -> HTTPResponse {
    let data = (try? JSONSerialization.data(withJSONObject: value)) ?? Data()
    return .json(status: status, raw: String(decoding: data, as: UTF8.self))
  }
}
