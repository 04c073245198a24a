import Foundation
import LoginCore
import UserModel
import WireFormat

/// An in-memory account server behind `AuthRemoteAPI`, for tests of code above the seam
/// (ServiceUser, a logic control, an app's own flows) without a network or a real server.
///
/// It behaves like a careful server: passwords are checked, access tokens expire on the
/// injected clock, refresh tokens rotate, are spent by one use and stay live until then or
/// until revoked, sign-out revokes (by access token only, unless `revokesByRefreshToken`;
/// a refresh token's revocation ends every token descending from its sign-in, RFC 7009 §2.1),
/// an account marked `requiresCode` gets a challenge whose code is `lastCode`. Identifiers are
/// compared the way the app's `IdentifierRule` says: an email case-folded (the default), a
/// `.username(keepingCase: true)` as written, so `Ann` and `ann` are two accounts. Every call is
/// recorded in `calls`, and any operation can be made to fail or be unsupported;
/// `hasLiveTokens(of:)` says whether anything of a user's sessions still works.
///
/// ```swift
/// let time = ManualTime()
/// let remote = FakeAuthRemoteAPI(now: time.read)
/// remote.addAccount(User(id: "u1", identifier: "ann", name: "Ann", type: UserType("member")),
///                   password: "Pass1234")
/// remote.fail(.refresh, with: .unavailable(.offline))   // the next refresh only
/// ```
public final class FakeAuthRemoteAPI: AuthRemoteAPI, Sendable {
  /// One call the fake received, with what identifies it.
  public enum Call: Sendable, Equatable {
    /// `signIn` with this identifier.
    case signIn(String)
    /// `verifyCode` with this code.
    case verifyCode(String)
    /// `signUp` with this identifier.
    case signUp(String)
    /// `refresh` spending this refresh token.
    case refresh(String)
    /// `currentUser` with this access token.
    case currentUser(String)
    /// `updateName` to this name, with this access token.
    case updateName(String?, accessToken: String)
    /// `signOut` of the session with this access token.
    case signOut(String)
    /// `revoke(refreshToken:)` of this refresh token.
    case revokeRefreshToken(String)
    /// `passkeyRegistrationOptions(accessToken:)` with this access token.
    case passkeyRegistrationOptions(accessToken: String)
    /// `finishPasskeyRegistration` naming the passkey so, with this access token.
    case finishPasskeyRegistration(name: String, accessToken: String)
    /// `passkeyAuthenticationOptions()`.
    case passkeyAuthenticationOptions
    /// `finishPasskeySignIn` with this credential id.
    case finishPasskeySignIn(credentialID: String)
    /// `passkeys(accessToken:)` with this access token.
    case passkeys(accessToken: String)
    /// `renamePasskey` of this id to this name, with this access token.
    case renamePasskey(id: String, name: String, accessToken: String)
    /// `removePasskey` of this id, with this access token.
    case removePasskey(id: String, accessToken: String)
  }

  struct Account {
    var user: User
    var password: String
    var requiresCode: Bool
  }

  struct Grant {
    var userID: String
    var expiresAt: Date
    /// The sign-in the token descends from, through refreshes.
    var family: Int
  }

  struct PendingCode {
    var userID: String
    var code: String
    var expiresAt: Date
    var attemptsLeft: Int
  }

  struct State {
    var accounts: [String: Account] = [:]
    var accessTokens: [String: Grant] = [:]
    var refreshTokens: [String: String] = [:]
    /// The family of every refresh token issued, spent ones too.
    var refreshFamilies: [String: Int] = [:]
    var challenges: [String: PendingCode] = [:]
    var counter = 0
    var calls: [Call] = []
    var failures: [AuthOperation: [AuthFailure]] = [:]
    var unsupported: Set<AuthOperation> = []
    var lastCode: String?
    /// Registered passkeys by credential id, with their user.
    var passkeys: [String: StoredPasskey] = [:]
    /// Passkey flows not used yet, by flow id.
    var passkeyFlows: [String: PasskeyFlow] = [:]
  }

  let state = Locked(State())
  let now: @Sendable () -> Date
  let accessLifetime: TimeInterval
  let issuesRefreshTokens: Bool
  let revokesByRefreshToken: Bool
  let identifierKind: IdentifierKind
  /// The app's rule: the form identifiers are stored and compared in.
  let identifierRule: IdentifierRule

  /// Makes an empty server.
  /// - Parameters:
  ///   - accessLifetime: How long an access token lives; an hour by default.
  ///   - issuesRefreshTokens: Whether sessions come with a refresh token, as most servers'
  ///     do; `false` for a server whose sessions end when their access token expires.
  ///   - revokesByRefreshToken: Whether `revoke(refreshToken:)` is offered (RFC 7009's
  ///     shape); by default it is not, and a session is revoked only with a live access token.
  ///   - identifierRule: The app's rule, the same one its `ServiceUser` has: identifiers are
  ///     stored and compared in its `normalized(_:)` form. An email by default.
  ///   - identifierKind: What the server calls the identifier in its refusals; the rule's
  ///     kind by default. ServiceUser names it with its own rule's kind anyway.
  ///   - now: The clock that access tokens expire on.
  public init(
    accessLifetime: TimeInterval = 3_600, issuesRefreshTokens: Bool = true,
    revokesByRefreshToken: Bool = false, identifierRule: IdentifierRule = .email,
    identifierKind: IdentifierKind? = nil,
    now: @escaping @Sendable () -> Date = Date.init
  ) {
    self.accessLifetime = accessLifetime
    self.issuesRefreshTokens = issuesRefreshTokens
    self.revokesByRefreshToken = revokesByRefreshToken
    self.identifierRule = identifierRule
    self.identifierKind = identifierKind ?? identifierRule.kind
    self.now = now
  }

  /// Adds an account.
  /// - Parameters:
  ///   - user: The account; its identifier is compared in the rule's normalised form
  ///     (case-insensitively for an email).
  ///   - password: Its password.
  ///   - requiresCode: Whether sign-in needs a one-time code (a second step).
  public func addAccount(_ user: User, password: String, requiresCode: Bool = false) {
    state.withLock {
      $0.accounts[identifierRule.normalized(user.identifier)] = Account(
        user: user, password: password, requiresCode: requiresCode)
    }
  }

  /// Makes the next `times` calls of `operation` fail with `failure`, before anything else.
  /// - Parameters:
  ///   - operation: The operation.
  ///   - failure: What it throws.
  ///   - times: How many calls; 1 by default.
  public func fail(_ operation: AuthOperation, with failure: AuthFailure, times: Int = 1) {
    state.withLock {
      $0.failures[operation, default: []] += Array(repeating: failure, count: times)
    }
  }

  /// The operations this server does not offer: they throw `.unsupported(operation)`.
  public var unsupported: Set<AuthOperation> {
    get { state.value.unsupported }
    set { state.withLock { $0.unsupported = newValue } }
  }

  /// Every call so far, oldest first.
  public var calls: [Call] { state.value.calls }

  /// The one-time code most recently "sent".
  public var lastCode: String? { state.value.lastCode }

  /// Makes every access token issued so far rejected, as a server does after a key change:
  /// the sessions themselves stay good and can be renewed.
  public func rejectAccessTokens() {
    state.withLock { $0.accessTokens.removeAll() }
  }

  /// Whether anything of a user's sessions still works here: a refresh token not spent nor
  /// revoked, or an access token not expired nor revoked. `false` after a sign-out that left
  /// nothing live.
  /// - Parameter userID: The user.
  /// - Returns: Whether a token of theirs is still honoured.
  public func hasLiveTokens(of userID: String) -> Bool {
    let moment = now()
    return state.withLock { state in
      state.refreshTokens.values.contains(userID)
        || state.accessTokens.values.contains { $0.userID == userID && moment < $0.expiresAt }
    }
  }

  /// Revokes every token of a user, as an administrator or a sign-out elsewhere would.
  /// - Parameter userID: The user.
  public func revokeSessions(of userID: String) {
    state.withLock { state in
      state.accessTokens = state.accessTokens.filter { $0.value.userID != userID }
      state.refreshTokens = state.refreshTokens.filter { $0.value != userID }
    }
  }
}
