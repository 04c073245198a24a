/// The session store's failures are `AuthFailure`s now: a store throws
/// `.unavailable(.sessionUnreadable(_:))` (was `.unreadable`, `.corrupt`),
/// `.refused(.updateRequired)` (was `.unsupportedVersion`) or `.unavailable(.storage(_:))`
/// (was `.writeFailed`, `.removeFailed`).
@available(*, unavailable, renamed: "AuthFailure", message: "a SessionStore throws AuthFailure")
public typealias SessionStoreError = AuthFailure
