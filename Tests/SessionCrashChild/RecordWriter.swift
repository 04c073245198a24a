import Foundation
import LoginCore
import ServiceUser
import UserModel

/// `SessionCrashChild <session folder> accounts <prefix> <count>`: adds `count` accounts to
/// the folder's `FileSessionStore` as another process sharing it would, for ServiceUserTests'
/// record tests. It prints "ready", waits for a line on stdin (so two children start their
/// writes together), then for each account writes its session file through `store(for:)`
/// and records it with `updateRecord(_:)`, active, last active at `moment(index)`; prints
/// "done" and exits 0.
///
/// Each account's last-active date is its own, so an update lost to another process shows:
/// the account is still listed (its file is there) but with its file's date instead.
enum RecordWriter {
  /// The last-active date the child records for its account number `index`.
  static func moment(_ index: Int) -> Date {
    Date(timeIntervalSince1970: 1_000_000 + Double(index))
  }

  static func run(folder: URL, prefix: String, count: Int) -> Never {
    let store = FileSessionStore(directory: folder)
    FileHandle.standardOutput.write(Data("ready\n".utf8))
    _ = readLine()
    do {
      for index in 0..<count {
        let user = User(
          id: "\(prefix)-\(index)", identifier: "\(prefix)\(index)@example.com", name: nil,
          type: UserType("member"))
        let session = UserSession(
          user: user, accessToken: "access-\(prefix)-\(index)",
          accessTokenExpiresAt: Date().addingTimeInterval(900),
          refreshToken: "refresh-\(prefix)-\(index)")
        let account = AccountKey(session)
        try store.store(for: account).save(session)
        try store.updateRecord { record in
          record.active = account
          record.lastActive[account] = moment(index)
        }
      }
      FileHandle.standardOutput.write(Data("done\n".utf8))
      exit(0)
    } catch {
      FileHandle.standardError.write(Data("SessionCrashChild: \(error)\n".utf8))
      exit(1)
    }
  }
}
