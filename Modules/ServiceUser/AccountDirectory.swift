import DatabaseClient
import Foundation

/// The device's account database: accounts seen here, the last signed-in email, and where
/// each user's own database file lives. Opened (and migrated) on first use.
package actor AccountDirectory {
  private let databaseURL: URL
  private let userDatabasesFolder: URL

  init(databaseURL: URL, userDatabasesFolder: URL) {
    self.databaseURL = databaseURL
    self.userDatabasesFolder = userDatabasesFolder
  }

  /// The email of the last account that signed in here.
  package func lastSignedInEmail() throws(ServiceUserError) -> String? {
    nil
  }

  /// The open database of one user.
  package func userDatabase(for userID: String) throws(ServiceUserError) -> Database {
    throw .unknownAccount
  }
}
