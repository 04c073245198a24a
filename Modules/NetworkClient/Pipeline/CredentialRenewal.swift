/// The renew-once rule, written once for whoever sends a token: run an operation with a
/// token; when its outcome says the token was rejected, renew the token once and run it
/// again; rejected again, the credentials are no good. The pipeline's authorization stage
/// uses it with answers, and a service can use it with its own failures.
///
/// ```swift
/// enum CallFailure: Error { case tokenRejected, signedOut }
/// func fetchName(_ token: String) async throws(CallFailure) -> String { … }
/// func newToken(after token: String, _: Result<String, CallFailure>)
///   async throws(CallFailure) -> String { … }
/// func rejected(_ outcome: Result<String, CallFailure>) async -> Bool {
///   if case .failure(.tokenRejected) = outcome { true } else { false }
/// }
/// func signedOut(_: Result<String, CallFailure>) async throws(CallFailure) -> String {
///   throw .signedOut
/// }
///
/// let name = try await CredentialRenewal.renewingOnce(
///   startingWith: "the current token", fetchName, isRejected: rejected, renew: newToken,
///   whenRejectedAgain: signedOut)
/// ```
///
/// Local functions, as here, give the type checker the least to infer; closures work when
/// each one's type is written out.
public enum CredentialRenewal {
  /// Runs `operation` with `token`, renewing the token at most once.
  /// - Parameters:
  ///   - token: the token to start with.
  ///   - operation: the call; it gets the token to use.
  ///   - isRejected: whether an outcome (a value or a failure) rejected the token.
  ///   - renew: a new token after `operation` rejected the given one, with that outcome;
  ///     its failure ends the call.
  ///   - whenRejectedAgain: what the caller gets when the renewed token is rejected too:
  ///     given that outcome, it returns a value or throws.
  ///   - isolation: the caller's actor, where the closures run (so they may touch its state).
  /// - Returns: the first outcome that did not reject its token, or `whenRejectedAgain`'s.
  /// - Throws: the operation's failure when it did not reject the token, `renew`'s, or
  ///   `whenRejectedAgain`'s.
  public static func renewingOnce<Token: Sendable, Value: Sendable, Failure: Error>(
    startingWith token: Token,
    _ operation: (Token) async throws(Failure) -> Value,
    isRejected: (Result<Value, Failure>) async -> Bool,
    renew: (_ rejected: Token, _ outcome: Result<Value, Failure>) async throws(Failure) -> Token,
    whenRejectedAgain: (Result<Value, Failure>) async throws(Failure) -> Value,
    isolation: isolated (any Actor)? = #isolation
  ) async throws(Failure) -> Value {
    let first = await outcome(of: operation, with: token)
    guard await isRejected(first) else { return try first.get() }
    let renewed = try await renew(token, first)
    let second = await outcome(of: operation, with: renewed)
    guard await isRejected(second) else { return try second.get() }
    return try await whenRejectedAgain(second)
  }

  private static func outcome<Token: Sendable, Value: Sendable, Failure: Error>(
    of operation: (Token) async throws(Failure) -> Value, with token: Token,
    isolation: isolated (any Actor)? = #isolation
  ) async -> Result<Value, Failure> {
    do throws(Failure) {
      return .success(try await operation(token))
    } catch {
      return .failure(error)
    }
  }
}
