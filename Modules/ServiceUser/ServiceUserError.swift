import LoginCore

/// ServiceUser's failures are `AuthFailure`s now, the one failure of the login stack:
/// `.refused(.unknownAccount)` (was `.unknownAccount`), `.refused(.updateRequired)` (was
/// `.accountDatabaseTooNew`), `.unavailable(.storage(_:))` (was `.accountDatabase`,
/// `.userDatabase`), the store's own failure (was `.sessionStore`), and
/// `.refused(.sessionEnded)` from `authorized(_:)` (was `.notSignedIn`).
@available(*, unavailable, renamed: "AuthFailure", message: "ServiceUser throws AuthFailure")
public typealias ServiceUserError = AuthFailure
