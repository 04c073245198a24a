import Foundation
import LoginCore
import Testing
import UserModel

/// The failure an operation threw, or `nil` when it succeeded (closures infer untyped
/// throws, so the type is checked here).
/// - Parameter operation: The call.
/// - Returns: Its `AuthFailure`.
func failure<Value>(of operation: () async throws -> Value) async -> AuthFailure? {
  do {
    _ = try await operation()
    return nil
  } catch let error as AuthFailure {
    return error
  } catch {
    Issue.record("not an AuthFailure: \(error)")
    return nil
  }
}

/// The text of the provider's trouble: `.unavailable(.serverTrouble(_))`, or
/// `.unavailable(.unexpectedAnswer(status:_:))` (an answer without an OAuth body), else `nil`.
/// - Parameter failure: The failure.
/// - Returns: The text.
func trouble(_ failure: AuthFailure?) -> String? {
  switch failure {
  case .unavailable(.serverTrouble(let text)), .unavailable(.unexpectedAnswer(_, let text)):
    text
  default: nil
  }
}

/// The session of a sign-in answer, or `nil` for a challenge.
/// - Parameter response: The answer.
/// - Returns: The session.
func session(of response: SignInOutcome) -> UserSession? {
  guard case .signedIn(let session) = response else { return nil }
  return session
}

/// Ann's and Dan's password at the provider.
let providerPassword = "Pass1234"

/// A URL from a literal, or a test failure.
/// - Parameter text: The URL's text.
/// - Returns: The URL.
func url(_ text: String) throws -> URL {
  try #require(URL(string: text))
}
