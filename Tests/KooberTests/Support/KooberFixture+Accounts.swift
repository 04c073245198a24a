import Testing

extension KooberFixture {
  /// Creates an account with the embedded backend and leaves it signed in.
  /// - Parameters:
  ///   - email: The email.
  ///   - type: `passenger` or `driver`.
  ///   - password: The password.
  func signUp(_ email: String, type: String, password: String = "Pass1234") async throws {
    let result = try await run(
      ["sign-up", "--email", email, "--type", type, "--password-stdin"], stdin: password + "\n")
    try #require(result.status == 0, "sign-up failed: \(result.stderr)")
  }
}
