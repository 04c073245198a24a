import LoginCore
import ServiceUser
import UserModel

extension ServiceUser {
  /// Changes the signed-in user's display name on the server, then in the session and the
  /// account row. The name is checked with the service's `credentialRules` first.
  /// - Parameter name: The new name (trimmed; empty counts as none), or `nil` to clear it.
  /// - Returns: The updated user.
  /// - Throws: `.refused(.notSignedIn)`, `.refused(.invalidForm(.name(_:)))`,
  ///   `.unavailable(_)`, or `.unavailable(.storage(_:))` when the server changed it but this
  ///   device could not record it.
  public func updateName(_ name: String?) async throws(AuthFailure) -> User {
    guard await currentSession != nil else { throw .refused(.notSignedIn) }
    if let problem = credentialRules.nameProblem(in: name) {
      throw .refused(.invalidForm(.name(problem)))
    }
    let normalized = CredentialRules.normalizedName(name)
    let remote = self.remote
    let user = try await call { () throws(AuthFailure) in
      try await authorized { token throws(AuthFailure) in
        try await remote.updateName(normalized, accessToken: token)
      }
    }
    _ = try await updateSignedInUser(user)
    return user
  }
}
