import Foundation
import Localization
import LoginCore

/// Why a ServiceUser operation on the device's own data failed.
public enum ServiceUserError: Error, Sendable, Equatable {
  /// No account with that user id has signed in on this device.
  case unknownAccount
  /// The account database could not be opened, migrated, read or written.
  case accountDatabase(String)
  /// The account database was written by a newer version of the app. It is left untouched
  /// (a downgrade must not destroy the newer app's data); update the app to use it.
  case accountDatabaseTooNew
  /// A user's own database could not be opened.
  case userDatabase(String)
  /// The session store failed.
  case sessionStore(SessionStoreError)
  /// No user is signed in.
  case notSignedIn

  /// A stable snake_case code a program can switch on.
  public var code: String {
    switch self {
    case .unknownAccount: "unknown_account"
    case .accountDatabase: "account_database_failed"
    case .accountDatabaseTooNew: "account_database_too_new"
    case .userDatabase: "user_database_failed"
    case .sessionStore(let error): error.code
    case .notSignedIn: "not_signed_in"
    }
  }

  /// One sentence a person understands, in the language `Texts.language` names.
  public var message: String {
    switch self {
    case .unknownAccount: TextTable.serviceUser.text("error.unknownAccount")
    case .accountDatabase(let detail):
      TextTable.serviceUser.text("error.accountDatabase", ["detail": detail])
    case .accountDatabaseTooNew: TextTable.serviceUser.text("error.accountDatabaseTooNew")
    case .userDatabase(let detail):
      TextTable.serviceUser.text("error.userDatabase", ["detail": detail])
    case .sessionStore(let error): error.message
    case .notSignedIn: TextTable.serviceUser.text("error.notSignedIn")
    }
  }
}

extension ServiceUserError: LocalizedError {
  /// The sentence to show, in the language `Texts.language` names.
  public var errorDescription: String? { message }
}
