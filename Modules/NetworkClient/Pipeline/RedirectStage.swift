import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Decides about `3xx` answers; transports never follow one. By default the `3xx` is the
/// answer, so an `Authorization` header, a password or a client secret reaches only the URL
/// the caller named. An exchange whose limits opt in follows a redirect to the same scheme,
/// host and port, without `Authorization` and `Cookie` (`TransferLimits.redirect(to:from:)`),
/// a `303` (or a `301`/`302` to a `POST`) as a `GET` without a body, at most
/// `TransferLimits.maximumRedirects` times, all within the exchange's one timeout. Outside
/// the URL policy, which checks each target before it is contacted.
///
/// An exchange that carries credentials (an `Authorization` header, or a body marked
/// `carriesCredentials`) never follows, opted in or not: the next hop would not see them, so
/// its answer (a `401` above all) says nothing about them, and a password or client secret
/// must not follow a `307`/`308` to another path.
struct RedirectStage: NetworkStage {
  func send(_ exchange: NetworkExchange, next: NextStage)
    async throws(NetworkError) -> NetworkResponse
  {
    guard exchange.limits.followsSameOriginRedirects, !Self.carriesCredentials(exchange) else {
      return try await next(exchange)
    }
    let clock = ContinuousClock()
    let deadline = exchange.timeout.map { clock.now + $0 }
    var current = exchange
    var redirects = 0
    while true {
      if let deadline {
        let remaining = deadline - clock.now
        if remaining <= .zero { throw .timeout }
        current.timeout = remaining
      }
      let answer = try await next(current)
      guard redirects < TransferLimits.maximumRedirects,
        let target = Self.redirect(of: current.request, by: answer.response, limits: current.limits)
      else { return answer }
      current.request = target
      redirects += 1
    }
  }

  /// Whether `exchange` holds something a redirect must not carry or be judged by.
  static func carriesCredentials(_ exchange: NetworkExchange) -> Bool {
    exchange.carriesCredentials
      || exchange.request.value(forHTTPHeaderField: "Authorization") != nil
  }

  /// The request a `3xx` answer leads to, when `limits` allow following it: a `303`, or a
  /// `301`/`302` to a `POST`, becomes a `GET` without a body, as browsers and URLSession do.
  static func redirect(
    of request: URLRequest, by response: HTTPURLResponse, limits: TransferLimits
  ) -> URLRequest? {
    let status = response.statusCode
    guard [301, 302, 303, 307, 308].contains(status),
      let location = response.value(forHTTPHeaderField: "Location"),
      let target = URL(string: location, relativeTo: request.url)?.absoluteURL
    else { return nil }
    var next = request
    next.url = target
    if status == 303 || (status != 307 && status != 308 && request.httpMethod == "POST") {
      next.httpMethod = "GET"
      next.httpBody = nil
      next.setValue(nil, forHTTPHeaderField: "Content-Type")
      next.setValue(nil, forHTTPHeaderField: "Content-Length")
    }
    return limits.redirect(to: next, from: request)
  }
}
