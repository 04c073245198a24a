import Foundation
import ServiceUser
import UserModel

// The child process of ServiceUserTests' crash test: `SessionCrashChild <session folder>`.
//
// Saves a new session to a `FileSessionStore` in the folder over and over, as fast as it can,
// and prints "saving" after the first save, until the parent kills it with SIGKILL,
// somewhere inside an atomic replace most of the time. It gives up by itself after
// `deadline` so that it can never outlive a parent that died.

let deadline = Date().addingTimeInterval(60)

guard CommandLine.arguments.count == 2 else {
  FileHandle.standardError.write(Data("usage: SessionCrashChild <session folder>\n".utf8))
  exit(2)
}

let store = FileSessionStore(directory: URL(fileURLWithPath: CommandLine.arguments[1]))
let user = User(
  id: "usr_crash", identifier: "crash@example.com", name: nil, type: UserType("member"))
var saves = 0
do {
  while Date() < deadline {
    saves += 1
    try store.save(
      UserSession(
        user: user, accessToken: "access-\(saves)-" + String(repeating: "a", count: 40),
        accessTokenExpiresAt: Date().addingTimeInterval(900),
        refreshToken: "refresh-\(saves)-" + String(repeating: "r", count: 40)))
    if saves == 1 { FileHandle.standardOutput.write(Data("saving\n".utf8)) }
  }
  exit(3)
} catch {
  FileHandle.standardError.write(Data("SessionCrashChild: \(error)\n".utf8))
  exit(1)
}
