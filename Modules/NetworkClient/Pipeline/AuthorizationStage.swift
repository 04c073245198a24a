import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The outermost stage: adds `Authorization: Bearer <token>` to an exchange that requires
/// it and, when `rejectsCredentials` says a non-2xx answer rejected the token, renews it
/// once and sends again (the retry stage inside it may send each of the two several times).
/// Rejected again, or a renewal refused, the unauthorized hook hears the refusal once.
struct AuthorizationStage: NetworkStage {
  let provider: (any AuthorizationProvider)?
  let onUnauthorized: (@Sendable (NetworkError) async -> Void)?
  let rejectsCredentials: CredentialRejectionCheck

  func send(_ exchange: NetworkExchange, next: NextStage)
    async throws(NetworkError) -> NetworkResponse
  {
    guard exchange.requiresAuthorization else { return try await next(exchange) }
    return try await CredentialRenewal.renewingOnce(
      startingWith: try await accessToken(),
      { (token: String) async throws(NetworkError) -> NetworkResponse in
        var authorized = exchange
        authorized.request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
        var answer = try await next(authorized)
        answer.sentBearerToken = token
        return answer
      },
      isRejected: { outcome in
        guard case .success(let answer) = outcome, !(200..<300).contains(answer.status)
        else { return false }
        return await rejectsCredentials(answer)
      },
      renew: { (token, outcome) async throws(NetworkError) -> String in
        try await renewAccessToken(after: token, refusal: Self.refusal(outcome))
      },
      whenRejectedAgain: { outcome async throws(NetworkError) -> NetworkResponse in
        // Renewed once and rejected again: the credentials are no good.
        let token = (try? outcome.get())?.sentBearerToken
        await AuthorizationContext.$rejectedToken.withValue(token) {
          await onUnauthorized?(Self.refusal(outcome))
        }
        return try outcome.get()
      })
  }

  private func accessToken() async throws(NetworkError) -> String {
    guard let provider else {
      throw .authorizationUnavailable(reason: "the client has no authorization provider")
    }
    do {
      return try await provider.accessToken()
    } catch {
      throw Self.providerError(error)
    }
  }

  /// Asks the provider for a new token after `refusal` (an answer that rejected it). A renewal
  /// that failed without a verdict (no connection, a timeout, cancellation, server trouble:
  /// any `NetworkError` but a 401 or `.authorizationUnavailable`) is passed on as it is: the
  /// session is not over. Any other failure means the session cannot be renewed: the hook
  /// hears the refusal, and so does the caller.
  private func renewAccessToken(after refused: String, refusal: NetworkError)
    async throws(NetworkError) -> String
  {
    guard let provider else { throw refusal }
    do {
      return try await provider.renewAccessToken(after: refused)
    } catch {
      let failure = Self.providerError(error)
      switch failure {
      case .authorizationUnavailable, .http(401, _):
        await AuthorizationContext.$rejectedToken.withValue(refused) {
          await onUnauthorized?(refusal)
        }
        throw refusal
      default:
        throw failure
      }
    }
  }

  /// The `.http` error of a rejecting answer.
  private static func refusal(_ outcome: Result<NetworkResponse, NetworkError>) -> NetworkError {
    switch outcome {
    case .success(let answer): NetworkClient.httpError(status: answer.status, body: answer.data)
    case .failure(let failure): failure
    }
  }

  private static func providerError(_ error: any Error) -> NetworkError {
    if let error = error as? NetworkError { return error }
    if error is CancellationError { return .cancelled }
    let reason = (error as? LocalizedError)?.errorDescription ?? String(describing: error)
    return .authorizationUnavailable(reason: reason)
  }
}

/// What the unauthorized hook may read of the refusal it hears, for a service in this package
/// (ServiceUser ends a session only when the refused token is its current one's).
package enum AuthorizationContext {
  /// The access token the refused request carried, while the hook runs.
  @TaskLocal package static var rejectedToken: String?
}
