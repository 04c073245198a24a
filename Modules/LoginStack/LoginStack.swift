// The common case in one import: the user's service, its sign-in extension, the seam to a
// server, the user values, the screens' logic controls and view models, the API client, and
// the database a signed-in user's own data lives in (`ServiceUser.userDatabase(for:)`
// returns DatabaseClient's `Database`).
// An app whose logic or UI module must not link SQLite or libcurl imports the separate modules
// instead (see the catalog's page).
//
// `@_exported` is underscored, but it is the only way to re-export a module: a SwiftPM product
// that lists several targets still needs one import for each. swift-nio's `NIO` and Vapor's
// `Vapor` re-export their modules the same way (their `Exports.swift`). Each line makes that
// module's public API visible to whoever imports LoginStack, exactly as importing it would.
@_exported import DatabaseClient
@_exported import LoginCore
@_exported import LoginLogicControl
@_exported import LoginViewModel
@_exported import NetworkClient
@_exported import ServiceUser
@_exported import ServiceUserLogin
@_exported import UserModel
