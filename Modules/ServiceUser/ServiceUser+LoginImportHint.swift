import LoginCore
import UserModel

// ServiceUserLogin adds these operations to `ServiceUser`. Without its import the compiler
// used to say only "value of type 'ServiceUser' has no member 'signIn'"; these unavailable
// declarations, with the same signatures, make it say which import is missing. They cannot
// be called and are not in the documentation (DocC leaves out what is never available).
// Where ServiceUserLogin (or LoginStack) is imported, its own declarations win: they shadow
// these (same signature, in a module that imports this one), and overload resolution ranks an
// unavailable declaration below an available one, so no call is ambiguous.
// Tests/ConsumerPackageTests/MissingImportTests.swift compiles both cases.
extension ServiceUser {
  /// Needs `import ServiceUserLogin`, which adds the real one.
  /// - Parameters:
  ///   - identifier: What the person typed.
  ///   - password: The password as typed.
  /// - Returns: Nothing: this declaration cannot be called.
  /// - Throws: Nothing: this declaration cannot be called.
  @available(*, unavailable, message: "import ServiceUserLogin (or LoginStack) to sign in")
  public func signIn(identifier: String, password: String) async throws(AuthFailure)
    -> SignInOutcome
  { throw .unsupported(.signIn) }

  /// Needs `import ServiceUserLogin`, which adds the real one.
  /// - Parameters:
  ///   - code: The code the person received.
  ///   - challenge: The sign-in's challenge.
  /// - Returns: Nothing: this declaration cannot be called.
  /// - Throws: Nothing: this declaration cannot be called.
  @available(*, unavailable, message: "import ServiceUserLogin (or LoginStack) to verify a code")
  public func verifyCode(_ code: String, for challenge: Challenge) async throws(AuthFailure)
    -> UserSession
  { throw .unsupported(.verifyCode) }

  /// Needs `import ServiceUserLogin`, which adds the real one.
  /// - Parameter credentials: The sign-up form.
  /// - Returns: Nothing: this declaration cannot be called.
  /// - Throws: Nothing: this declaration cannot be called.
  @available(*, unavailable, message: "import ServiceUserLogin (or LoginStack) to sign up")
  public func signUp(_ credentials: SignUpCredentials) async throws(AuthFailure) -> UserSession
  { throw .unsupported(.signUp) }

  /// Needs `import ServiceUserLogin`, which adds the real one.
  /// - Parameter agent: The app's browser.
  /// - Returns: Nothing: this declaration cannot be called.
  /// - Throws: Nothing: this declaration cannot be called.
  @available(*, unavailable, message: "import ServiceUserLogin (or LoginStack) to sign in")
  public func signIn(with agent: any BrowserUserAgent) async throws(AuthFailure) -> UserSession
  { throw .unsupported(.browserSignIn) }

  /// Needs `import ServiceUserLogin`, which adds the real one.
  /// - Returns: Nothing: this declaration cannot be called.
  /// - Throws: Nothing: this declaration cannot be called.
  @available(*, unavailable, message: "import ServiceUserLogin (or LoginStack) to sign in")
  public func startDeviceSignIn() async throws(AuthFailure) -> DeviceAuthorization
  { throw .unsupported(.deviceSignIn) }

  /// Needs `import ServiceUserLogin`, which adds the real one.
  /// - Parameter authorization: The device sign-in in progress.
  /// - Returns: Nothing: this declaration cannot be called.
  /// - Throws: Nothing: this declaration cannot be called.
  @available(*, unavailable, message: "import ServiceUserLogin (or LoginStack) to sign in")
  public func finishDeviceSignIn(_ authorization: DeviceAuthorization) async throws(AuthFailure)
    -> UserSession
  { throw .unsupported(.deviceSignIn) }

  /// Needs `import ServiceUserLogin`, which adds the real one.
  /// - Parameter name: The new name.
  /// - Returns: Nothing: this declaration cannot be called.
  /// - Throws: Nothing: this declaration cannot be called.
  @available(*, unavailable, message: "import ServiceUserLogin (or LoginStack) to rename")
  public func updateName(_ name: String?) async throws(AuthFailure) -> User
  { throw .unsupported(.updateName) }

  /// Needs `import ServiceUserLogin`, which adds the real one.
  /// - Returns: Nothing: this declaration cannot be called.
  @available(
    *, unavailable, message: "import ServiceUserLogin (or LoginStack) to restore a session")
  public func restoreSession() async -> RestoreOutcome { .notSignedIn }

  /// Needs `import ServiceUserLogin`, which adds the real one.
  /// - Returns: Nothing: this declaration cannot be called.
  @available(*, unavailable, message: "import ServiceUserLogin (or LoginStack) to sign out")
  public func signOut() async -> SignOutOutcome { .signedOutLocally }

  /// Needs `import ServiceUserLogin`, which adds the real one.
  /// - Parameter agent: The app's browser.
  /// - Returns: Nothing: this declaration cannot be called.
  @available(*, unavailable, message: "import ServiceUserLogin (or LoginStack) to sign out")
  public func signOut(endingBrowserSessionWith agent: any BrowserUserAgent) async
    -> SignOutOutcome
  { .signedOutLocally }

  /// Needs `import ServiceUserLogin`, which adds the real one.
  /// - Returns: Nothing: this declaration cannot be called.
  @available(*, unavailable, message: "import ServiceUserLogin (or LoginStack) to list accounts")
  public func accounts() async -> [Account] { [] }

  /// Needs `import ServiceUserLogin`, which adds the real one.
  /// - Parameter account: The account.
  /// - Returns: Nothing: this declaration cannot be called.
  @available(
    *, unavailable, message: "import ServiceUserLogin (or LoginStack) to switch accounts")
  public func switchAccount(to account: Account) async throws(AuthFailure) -> UserSession {
    throw .unsupported(.switchAccount)
  }

  /// Needs `import ServiceUserLogin`, which adds the real one.
  /// - Parameter account: The account.
  /// - Returns: Nothing: this declaration cannot be called.
  @available(*, unavailable, message: "import ServiceUserLogin (or LoginStack) to sign out")
  public func signOut(account: Account) async -> SignOutOutcome { .signedOutLocally }

  /// Needs `import ServiceUserLogin`, which adds the real one.
  /// - Returns: Nothing: this declaration cannot be called.
  @available(*, unavailable, message: "import ServiceUserLogin (or LoginStack) to sign out")
  public func signOutAll() async -> SignOutOutcome { .signedOutLocally }

  /// Needs `import ServiceUserLogin`, which adds the real one.
  /// - Parameter authenticator: The app's passkey authenticator.
  /// - Returns: Nothing: this declaration cannot be called.
  /// - Throws: Nothing: this declaration cannot be called.
  @available(*, unavailable, message: "import ServiceUserLogin (or LoginStack) to sign in")
  public func signIn(withPasskeyFrom authenticator: any PasskeyAuthenticator)
    async throws(AuthFailure) -> UserSession
  { throw .unsupported(.passkeys) }

  /// Needs `import ServiceUserLogin`, which adds the real one.
  /// - Parameters:
  ///   - name: The passkey's name.
  ///   - authenticator: The app's passkey authenticator.
  /// - Returns: Nothing: this declaration cannot be called.
  /// - Throws: Nothing: this declaration cannot be called.
  @available(*, unavailable, message: "import ServiceUserLogin (or LoginStack) to add a passkey")
  public func addPasskey(named name: String, using authenticator: any PasskeyAuthenticator)
    async throws(AuthFailure) -> Passkey
  { throw .unsupported(.passkeys) }

  /// Needs `import ServiceUserLogin`, which adds the real one.
  /// - Returns: Nothing: this declaration cannot be called.
  /// - Throws: Nothing: this declaration cannot be called.
  @available(*, unavailable, message: "import ServiceUserLogin (or LoginStack) to list passkeys")
  public func passkeys() async throws(AuthFailure) -> [Passkey]
  { throw .unsupported(.passkeys) }

  /// Needs `import ServiceUserLogin`, which adds the real one.
  /// - Parameters:
  ///   - id: The passkey's id.
  ///   - name: Its new name.
  /// - Returns: Nothing: this declaration cannot be called.
  /// - Throws: Nothing: this declaration cannot be called.
  @available(
    *, unavailable, message: "import ServiceUserLogin (or LoginStack) to rename a passkey")
  public func renamePasskey(id: String, to name: String) async throws(AuthFailure) -> Passkey
  { throw .unsupported(.passkeys) }

  /// Needs `import ServiceUserLogin`, which adds the real one.
  /// - Parameter id: The passkey's id.
  /// - Throws: Nothing: this declaration cannot be called.
  @available(
    *, unavailable, message: "import ServiceUserLogin (or LoginStack) to remove a passkey")
  public func removePasskey(id: String) async throws(AuthFailure)
  { throw .unsupported(.passkeys) }
}
