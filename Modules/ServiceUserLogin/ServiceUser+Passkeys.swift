import Foundation
import LoginCore
import ServiceUser
import UserModel

extension ServiceUser {
  /// Signs in with a passkey: the server's options go to `authenticator`, which signs them
  /// with a passkey of the site (the passkey names its user, so nothing is typed), and the
  /// server's session is recorded like a password sign-in's: account row, store,
  /// `.signedIn`. One sign-in runs at a time: a password sign-in meanwhile fails with
  /// `.unavailable(.inProgress)`, and so does this while another runs.
  ///
  /// ```swift
  /// let passkeys = SoftwareAuthenticator(folder: support.appendingPathComponent("Passkeys"))
  /// do {
  ///   let session = try await service.signIn(withPasskeyFrom: passkeys)
  ///   showHome(of: session.user.type)
  /// } catch .refused(.noPasskey) {
  ///   showPasswordSignIn()
  /// }
  /// ```
  /// - Parameter authenticator: The app's passkey authenticator.
  /// - Returns: The new session, already stored and published.
  /// - Throws: `.refused(.passkeyCancelled)` and `.refused(.noPasskey)` from the
  ///   authenticator; `.refused(.invalidPasskey)`, `.refused(.flowExpired)`,
  ///   `.refused(.locked(retryAfterSeconds:))` from the server; `.unsupported(.passkeys)`,
  ///   `.unavailable(.inProgress)`, `.unavailable(.storage(_:))`, …
  public func signIn(withPasskeyFrom authenticator: any PasskeyAuthenticator)
    async throws(AuthFailure) -> UserSession
  {
    try await exclusively { () throws(AuthFailure) in
      let remote = self.remote
      let flow = try await call { () throws(AuthFailure) in
        try await remote.passkeyAuthenticationOptions()
      }
      let credential = try await authenticator.authenticate(flow.options)
      let session = try await call { () throws(AuthFailure) in
        try await remote.finishPasskeySignIn(flowID: flow.flowID, credential: credential)
      }
      return try await record(session)
    }
  }

  /// Adds a passkey made by `authenticator` to the signed-in account, under `name`. The name
  /// is checked first (trimmed; not empty, at most 64 characters, no control characters), so
  /// that no key is made for a registration the server would refuse.
  ///
  /// Adding a way into the account needs a recent sign-in: when the server says so, this
  /// fails with `.refused(.reauthenticationRequired)`, and nothing was made. Sign in again
  /// (the same account), then add it:
  ///
  /// ```swift
  /// do {
  ///   _ = try await service.addPasskey(named: "Ann's laptop", using: passkeys)
  /// } catch .refused(.reauthenticationRequired) {
  ///   askForPasswordAgain()   // then signIn(identifier:password:) and addPasskey again
  /// }
  /// ```
  /// - Parameters:
  ///   - name: The passkey's name in the list, e.g. the device's name.
  ///   - authenticator: The app's passkey authenticator.
  /// - Returns: The passkey as the server keeps it.
  /// - Throws: `.refused(.notSignedIn)` (also when another account became the active one
  ///   while the authenticator ran: the key it made is then the app's to forget),
  ///   `.refused(.invalidForm(.name(_:)))` or `.refused(.invalidInput(.name, _))` for a name
  ///   refused, `.refused(.reauthenticationRequired)`, `.refused(.passkeyCancelled)`,
  ///   `.refused(.passkeyExists)`, `.refused(.invalidPasskey)`, `.refused(.flowExpired)`,
  ///   `.unsupported(.passkeys)`, `.unavailable(_)`, …
  public func addPasskey(named name: String, using authenticator: any PasskeyAuthenticator)
    async throws(AuthFailure) -> Passkey
  {
    let name = try Passkey.checkedName(name)
    guard let started = await currentSession else { throw .refused(.notSignedIn) }
    let remote = self.remote
    let flow = try await call { () throws(AuthFailure) in
      try await authorized { token throws(AuthFailure) in
        try await remote.passkeyRegistrationOptions(accessToken: token)
      }
    }
    let credential = try await authenticator.register(flow.options)
    // The flow is the account's that asked for it: finished with another's token, the new
    // key would go to nobody.
    guard let current = await currentSession, AccountKey(current) == AccountKey(started) else {
      throw .refused(.notSignedIn)
    }
    return try await call { () throws(AuthFailure) in
      try await authorized { token throws(AuthFailure) in
        try await remote.finishPasskeyRegistration(
          flowID: flow.flowID, name: name, credential: credential, accessToken: token)
      }
    }
  }

  /// The signed-in account's passkeys, oldest first.
  /// - Returns: The passkeys.
  /// - Throws: `.refused(.notSignedIn)`, `.unsupported(.passkeys)`, `.unavailable(_)`, …
  public func passkeys() async throws(AuthFailure) -> [Passkey] {
    guard await currentSession != nil else { throw .refused(.notSignedIn) }
    let remote = self.remote
    return try await call { () throws(AuthFailure) in
      try await authorized { token throws(AuthFailure) in
        try await remote.passkeys(accessToken: token)
      }
    }
  }

  /// Renames one of the signed-in account's passkeys; the name is checked like
  /// `addPasskey(named:using:)`'s.
  /// - Parameters:
  ///   - id: The passkey's id, from `passkeys()`.
  ///   - name: Its new name.
  /// - Returns: The renamed passkey.
  /// - Throws: `.refused(.notSignedIn)`, `.refused(.passkeyNotFound)`,
  ///   `.refused(.invalidForm(.name(_:)))`, `.refused(.invalidInput(.name, _))`,
  ///   `.unsupported(.passkeys)`, `.unavailable(_)`, …
  public func renamePasskey(id: String, to name: String) async throws(AuthFailure) -> Passkey {
    let name = try Passkey.checkedName(name)
    guard await currentSession != nil else { throw .refused(.notSignedIn) }
    let remote = self.remote
    return try await call { () throws(AuthFailure) in
      try await authorized { token throws(AuthFailure) in
        try await remote.renamePasskey(id: id, name: name, accessToken: token)
      }
    }
  }

  /// Removes one of the signed-in account's passkeys: it can no longer sign in. The key stays
  /// in its authenticator, which cannot be told from here; sessions it signed in stay live.
  /// - Parameter id: The passkey's id, from `passkeys()`.
  /// - Throws: `.refused(.notSignedIn)`, `.refused(.passkeyNotFound)`,
  ///   `.unsupported(.passkeys)`, `.unavailable(_)`, …
  public func removePasskey(id: String) async throws(AuthFailure) {
    guard await currentSession != nil else { throw .refused(.notSignedIn) }
    let remote = self.remote
    try await call { () throws(AuthFailure) in
      try await authorized { token throws(AuthFailure) in
        try await remote.removePasskey(id: id, accessToken: token)
      }
    }
  }
}
